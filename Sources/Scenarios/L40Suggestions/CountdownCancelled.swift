import ConcurrencyProofsSubjects

/// Lesson 40 question 11: a `while let` over a slow countdown (3, 2, 1, `step` apart) runs in a task that is cancelled
/// after `cancelAfter`. Returns the console. With `CountdownSwallowingCancellation` the lesson printed "got 3 —
/// cancelled: false", "got 2 — cancelled: false", "got 1 — cancelled: true", "the loop ended"; with
/// `CountdownEndingOnCancellation` the third number never came: "got 3 …", "got 2 …", "the loop ended".
nonisolated(nonsending) public func countdownCancelledAfterTwo(
    _ countdown: CountdownShape, step: Duration = .milliseconds(200), cancelAfter: Duration = .milliseconds(500)
) async -> [String] {
    let log = EventLog()
    let loop = Task(name: "the loop") {
        switch countdown {
        case .endingOnCancellation:
            var iterator = CountdownEndingOnCancellation(left: 3, step: step)
            while let number = await iterator.next() {
                log.record("got \(number) — cancelled: \(Task.isCancelled)")
            }
        case .lookingAtTheFlag:
            var iterator = CountdownLookingAtTheFlag(left: 3, step: step)
            while let number = await iterator.next() {
                log.record("got \(number) — cancelled: \(Task.isCancelled)")
            }
        case .swallowing:
            var iterator = CountdownSwallowingCancellation(left: 3, step: step)
            while let number = await iterator.next() {
                log.record("got \(number) — cancelled: \(Task.isCancelled)")
            }
        }
        log.record("the loop ended")
    }
    try? await Task.sleep(for: cancelAfter)
    loop.cancel()
    await loop.value
    return log.entries
}

/// Which countdown the loop reads.
public enum CountdownShape: String, CaseIterable, Sendable, Decodable {
    /// `CountdownSwallowingCancellation`, its sleep in `try?`: the lesson's first version.
    case swallowing
    /// `CountdownEndingOnCancellation`: its sleep ends it on cancellation.
    case endingOnCancellation
    /// `CountdownLookingAtTheFlag`: its sleep still under `try?`, but it answers nil once the flag is set.
    case lookingAtTheFlag
}

/// The quiz's control for question 11's "this next() never looks at the flag": the swallowing countdown, its sleep
/// still under `try?`, that reads `Task.isCancelled` afterwards and answers `nil` once it is set.
struct CountdownLookingAtTheFlag {
    /// How many numbers are still to come.
    var left: Int
    /// How long each number takes.
    let step: Duration

    /// The next number after `step`; `nil` at the end, or once the task's cancellation flag is set.
    @concurrent mutating func next() async -> Int? {
        try? await Task.sleep(for: step)
        guard left > 0, !Task.isCancelled else {
            return nil
        }
        left -= 1
        return left + 1
    }
}

/// Which countdowns the two loops of question 11 read: the first console's, then the second's.
public enum CancelledLoopsShape: String, CaseIterable, Sendable, Decodable {
    /// The swallowing countdown, then the one that ends on cancellation (the lesson).
    case lesson
    /// The two swapped, a control.
    case swapped
    /// For the first console, the swallowing countdown looking at the flag after its sleep, a control.
    case firstLooksAtTheFlag

    /// The countdown of the first console.
    public var first: CountdownShape {
        switch self {
        case .lesson: .swallowing
        case .swapped: .endingOnCancellation
        case .firstLooksAtTheFlag: .lookingAtTheFlag
        }
    }

    /// The countdown of the second console.
    public var second: CountdownShape {
        self == .swapped ? .swallowing : .endingOnCancellation
    }
}
