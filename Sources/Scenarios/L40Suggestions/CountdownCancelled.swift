import Subjects

/// Lesson 40 question 11: a `while let` over a slow countdown (3, 2, 1, `step` apart) runs in a task that is cancelled
/// after `cancelAfter`. Returns the console. With `CountdownSwallowingCancellation` the lesson printed "got 3 —
/// cancelled: false", "got 2 — cancelled: false", "got 1 — cancelled: true", "the loop ended"; with
/// `CountdownEndingOnCancellation` the third number never came: "got 3 …", "got 2 …", "the loop ended".
nonisolated(nonsending) public func countdownCancelledAfterTwo(
    _ countdown: CountdownShape, step: Duration = .milliseconds(200), cancelAfter: Duration = .milliseconds(500)
) async -> [String] {
    let endingOnCancellation = countdown == .endingOnCancellation
    let log = EventLog()
    let loop = Task(name: "the loop") {
        if endingOnCancellation {
            var iterator = CountdownEndingOnCancellation(left: 3, step: step)
            while let number = await iterator.next() {
                log.record("got \(number) — cancelled: \(Task.isCancelled)")
            }
        } else {
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
}
