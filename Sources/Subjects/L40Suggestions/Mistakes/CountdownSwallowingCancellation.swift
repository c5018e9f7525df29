/// Lesson 40, question 11, as first written: a countdown that sleeps before each number and never looks at
/// cancellation. A cancelled `Task.sleep` throws at once, `try?` turns that error into nothing, and the countdown
/// hands out every number it has left: a loop over it runs to its end even when its task was cancelled.
public struct CountdownSwallowingCancellation: Sendable {
    /// How many numbers are still to come.
    public private(set) var left: Int
    /// How long each number takes (the lesson's two tenths of a second).
    public let step: Duration

    /// A countdown from `left` with `step` between numbers. A negative start or step is a mistake.
    public init(left: Int, step: Duration = .milliseconds(200)) {
        precondition(left >= 0, "CountdownSwallowingCancellation(left:) counts down from 0 or more, got \(left)")
        precondition(step >= .zero, "CountdownSwallowingCancellation(step:) must not be negative, got \(step)")
        self.left = left
        self.step = step
    }

    /// The next number after `step`, or `nil` at the end — cancelled or not. Runs on the shared pool (`@concurrent`,
    /// what the lesson's plain nonisolated `async` method means here).
    @concurrent
    public mutating func next() async -> Int? {
        try? await Task.sleep(for: step)
        guard left > 0 else {
            return nil
        }
        left -= 1
        return left + 1
    }
}
