/// Lesson 40, question 11, fixed: the same slow countdown, but a sleep that throws — because the task was
/// cancelled — ends it. This is what `AsyncStream` does for you: a cancelled iteration gets `nil`.
public struct CountdownEndingOnCancellation: Sendable {
    /// How many numbers are still to come.
    public private(set) var left: Int
    /// How long each number takes (the lesson's two tenths of a second).
    public let step: Duration

    /// A countdown from `left` with `step` between numbers. A negative start or step is a mistake.
    public init(left: Int, step: Duration = .milliseconds(200)) {
        precondition(left >= 0, "CountdownEndingOnCancellation(left:) counts down from 0 or more, got \(left)")
        precondition(step >= .zero, "CountdownEndingOnCancellation(step:) must not be negative, got \(step)")
        self.left = left
        self.step = step
    }

    /// The next number after `step`; `nil` at the end, or as soon as the sleep throws because the task was
    /// cancelled while it waited. Runs on the shared pool (`@concurrent`).
    @concurrent
    public mutating func next() async -> Int? {
        do {
            try await Task.sleep(for: step)
        } catch {
            return nil
        }
        guard left > 0 else {
            return nil
        }
        left -= 1
        return left + 1
    }
}
