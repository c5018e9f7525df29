import Synchronization

/// An old callback API for one request: `start` keeps the callback, `finish` answers it, once; `cancel` answers it
/// with a cancellation. Only these answer it, so a task waiting on it waits until one of them comes.
final class CancellationLegacyRequest: Sendable {
    /// The callback of the request in flight; the mutex because `finish` may come from any thread.
    private let callback = Mutex<(@Sendable (String) -> Void)?>(nil)

    /// Starts the request; `done` is called once, with its answer.
    func start(_ done: @escaping @Sendable (String) -> Void) {
        callback.withLock { $0 = done }
    }

    /// Ends the request: its callback hears `answer`, once; later answers are dropped.
    func finish(_ answer: String) {
        let done = callback.withLock { callback in
            defer { callback = nil }
            return callback
        }
        done?(answer)
    }

    /// Stops the request: its callback hears "cancelled", once.
    func cancel() {
        finish("cancelled")
    }
}

/// The question-and-answer seed's `withTaskCancellationHandler`: a task waits for an old callback API's request
/// (through a checked continuation, which does not notice cancellation by itself); `onCancel` stops the request.
/// The task is cancelled after `cancelAfter`. Returns the console: "onCancel ran" comes before "cancel() returned" —
/// the handler runs at once, inside `cancel()` — and the request ends with "cancelled".
/// `shape`, the controls: `.withoutHandler`, the same wait with no cancellation handler — nothing tells the request
/// that the task was cancelled, so the scenario stops it by hand once `cancel()` has returned (else the task would
/// wait for ever); `.polling`, the handler's work done by a child task that looks at `Task.isCancelled` every 10 ms,
/// so it runs only when the task next looks, after `cancel()` returned; `.waitsItOut`, no handler and nobody stopping
/// the request, which answers by itself after `answersAfter`: the cancelled task waits for it.
nonisolated(nonsending) public func cancellationHandlerRunsAtOnce(cancelAfter: Duration = .milliseconds(100),
                                                                answersAfter: Duration = .seconds(1),
                                                                shape: HandlerShape = .withHandler) async -> [String]
{
    let log = EventLog()
    let request = CancellationLegacyRequest()
    let wait: @Sendable () async -> Void = {
        log.record("request started")
        let answer = await withCheckedContinuation { continuation in
            request.start { continuation.resume(returning: $0) }
        }
        log.record("request ended: \(answer)")
    }
    /// What `onCancel` does: say so, and stop the request.
    @Sendable func stopTheRequest() {
        log.record("onCancel ran")
        request.cancel()
    }
    /// `.polling`'s stand-in for the handler: it looks at the task's cancellation every 10 ms.
    @Sendable nonisolated(nonsending) func pollForCancellation() async {
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(10))
        }
        stopTheRequest()
    }
    let selfAnswer = shape == .waitsItOut ? Task {
        try? await Task.sleep(for: answersAfter)
        request.finish("answered by itself")
    } : nil
    let task = Task {
        switch shape {
        case .withHandler:
            await withTaskCancellationHandler {
                await wait()
            } onCancel: {
                stopTheRequest()
            }
        case .polling:
            async let watcher: Void = pollForCancellation()
            await wait()
            await watcher
        case .withoutHandler, .waitsItOut:
            await wait()
        }
    }
    try? await Task.sleep(for: cancelAfter)
    task.cancel()
    log.record("cancel() returned")
    if shape == .withoutHandler { request.cancel() }
    await task.value
    log.record("the task ended")
    await selfAnswer?.value
    return log.entries
}

/// How the wait treats its task's cancellation.
public enum HandlerShape: String, CaseIterable, Sendable, Decodable {
    /// `withTaskCancellationHandler`, whose `onCancel` stops the request (the seed).
    case withHandler
    /// None, a control: the request is stopped by hand after `cancel()` returned.
    case withoutHandler
    /// A child task that polls `Task.isCancelled` and then stops the request, a control: it runs after `cancel()`
    /// returned.
    case polling
    /// None, and nobody stops the request, a control: it answers by itself, and the cancelled task waits for it.
    case waitsItOut
}
