/// The lines a task printed before and after it was cancelled.
public struct EndlessLoopLines: Sendable, Hashable {
    public var beforeCancel: [String], afterCancel: [String]
}

/// L40 Q9, adapted: a loop over notifications that never finish (an AsyncStream nobody finishes stands for
/// NotificationCenter, which Linux Foundation cannot give as a sequence). The line after the loop runs only
/// when the task goes — here, when it is cancelled.
/// `.finite`, the quiz's control: the notifications end after the first one.
nonisolated(nonsending) public func lineAfterEndlessLoop(
    _ shape: NotificationsShape = .endless
) async -> EndlessLoopLines {
    let finite = shape == .finite
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

/// Whether the notifications the loop reads ever end.
public enum NotificationsShape: String, CaseIterable, Sendable, Decodable {
    /// Never, as `NotificationCenter`'s (the lesson).
    case endless
    /// After the first one, the control.
    case finite
}
