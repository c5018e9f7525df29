import Synchronization

// Stream and sequence claims only the quiz asks about; the stream scenarios of lesson 40 are issue 4's.

/// Whether a consumer's loop ended before and after the producer finished.
public struct ForgottenFinish: Sendable, Hashable {
    public var consumerEndedBeforeFinish: Bool, consumerEndedAfterFinish: Bool
}

/// The Q&A seed: a producer that stops yielding without `finish()` leaves its consumer waiting; `finish()` ends it.
/// `.wrong`, the quiz's control: the producer remembers `finish()` right after its last value.
nonisolated(nonsending) public func forgottenFinish(_ shape: LessonShape = .lesson) async -> ForgottenFinish {
    let wrong = shape == .wrong
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let ended = Shared(false)
    let consumer = Task {
        for await _ in stream {}
        ended.update { $0 = true }
    }
    continuation.yield(1)
    if wrong { continuation.finish() }
    try? await Task.sleep(for: .milliseconds(200))
    let before = ended.value
    continuation.finish()
    await consumer.value
    return ForgottenFinish(consumerEndedBeforeFinish: before, consumerEndedAfterFinish: ended.value)
}

/// The lines a task printed before and after it was cancelled.
public struct EndlessLoopLines: Sendable, Hashable {
    public var beforeCancel: [String], afterCancel: [String]
}

/// L40 Q9, adapted: a loop over notifications that never finish (an AsyncStream nobody finishes stands for
/// NotificationCenter, which Linux Foundation cannot give as a sequence). The line after the loop runs only
/// when the task goes — here, when it is cancelled.
/// `finite`, the quiz's control: the notifications end after the first one.
nonisolated(nonsending) public func lineAfterEndlessLoop(finite: Bool = false) async -> EndlessLoopLines {
    let (notifications, continuation) = AsyncStream.makeStream(of: Void.self)
    let log = EventLog()
    let listener = Task {
        log.record("the loop begins")
        for await _ in notifications {
            log.record("became active")
        }
        log.record("after the loop")
    }
    continuation.yield()
    if finite { continuation.finish() }
    try? await Task.sleep(for: .milliseconds(100))
    let before = log.entries
    listener.cancel()
    await listener.value
    return EndlessLoopLines(beforeCancel: before, afterCancel: log.entries)
}

