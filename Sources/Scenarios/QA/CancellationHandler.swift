import Synchronization

/// An old callback API for one request: `start` keeps the callback, `cancel` answers it with a cancellation.
/// Nothing else ever answers it, so a task waiting on it waits until someone cancels.
final class CancellationLegacyRequest: Sendable {
    /// The callback of the request in flight; the mutex because `cancel` may come from any thread.
    private let callback = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Starts the request; `done` is called once, with its answer.
    func start(_ done: @escaping @Sendable (String) -> Void) {
        callback.withLock { $0 = done }
    }

    /// Stops the request: its callback hears "cancelled", once.
    func cancel() {
        let done = callback.withLock { callback in
            defer { callback = nil }
            return callback
        }
        done?("cancelled")
    }
}

/// The question-and-answer seed's `withTaskCancellationHandler`: a task waits for an old callback API's request
/// (through a checked continuation, which does not notice cancellation by itself); `onCancel` stops the request.
/// The task is cancelled after `cancelAfter`. Returns the console: "onCancel ran" comes before "cancel() returned" —
/// the handler runs at once, inside `cancel()` — and the request ends with "cancelled".
/// `.withoutHandler`, the control: the same wait with no cancellation handler. Nothing tells the request that the task
/// was cancelled, so the scenario stops it by hand once `cancel()` has returned (else the task would wait for ever).
nonisolated(nonsending) public func cancellationHandlerRunsAtOnce(cancelAfter: Duration = .milliseconds(100),
                                                                shape: HandlerShape = .withHandler) async -> [String]
{
    let handler = shape == .withHandler
    let log = EventLog()
    let request = CancellationLegacyRequest()
    let wait: @Sendable () async -> Void = {
        log.record("request started")
        let answer = await withCheckedContinuation { continuation in
            request.start { continuation.resume(returning: $0) }
        }
        log.record("request ended: \(answer)")
    }
    let task = Task {
        guard handler else { return await wait() }
        await withTaskCancellationHandler {
            await wait()
        } onCancel: {
            log.record("onCancel ran")
            request.cancel()
        }
    }
    try? await Task.sleep(for: cancelAfter)
    task.cancel()
    log.record("cancel() returned")
    if !handler { request.cancel() }
    await task.value
    log.record("the task ended")
    return log.entries
}

/// Whether the wait has a cancellation handler.
public enum HandlerShape: String, CaseIterable, Sendable, Decodable {
    /// `withTaskCancellationHandler`, whose `onCancel` stops the request (the seed).
    case withHandler
    /// None, the control: the request is stopped by hand.
    case withoutHandler
}
