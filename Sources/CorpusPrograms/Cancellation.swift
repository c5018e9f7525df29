import Dispatch
import Foundation
import Synchronization

/// A reply that either its answer or a cancellation ends, whichever comes first: the continuation kept under a lock,
/// as a request wrapped in `withTaskCancellationHandler` keeps it.
final class PendingReply: Sendable {
    /// The waiter, once it waits; the outcome, once there is one.
    private let state = Mutex<(waiter: CheckedContinuation<String, Never>?, outcome: String?)>((nil, nil))

    /// Waits for the outcome: at once if there is one already.
    func park(_ continuation: CheckedContinuation<String, Never>) {
        let outcome = state.withLock { state in
            if state.outcome == nil { state.waiter = continuation }
            return state.outcome
        }
        if let outcome { continuation.resume(returning: outcome) }
    }

    /// Ends the wait with `outcome`, unless it has ended already.
    func finish(_ outcome: String) {
        let waiter = state.withLock { state -> CheckedContinuation<String, Never>? in
            guard state.outcome == nil else { return nil }
            state.outcome = outcome
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: outcome)
    }
}

extension Program {
    /// A request whose reply comes 2 ms after it is sent, in a task cancelled 2 ms after it was made.
    static let cancellationHandlerRacesReply = Program(
        "cancellation-handler-races-reply", "withTaskCancellationHandler around a reply due in 2 ms (asyncAfter), the task cancelled 2 ms in",
        onTime: ["reply", "cancelled"],
        because: "the reply and the cancel are due at the same time and race; the lock lets the first end the wait and the other finds it ended"
    ) {
        let reply = PendingReply()
        let task = Task {
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    reply.park(continuation)
                    DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(2)) { reply.finish("reply") }
                }
            } onCancel: {
                reply.finish("cancelled")
            }
        }
        try? await Task.sleep(for: .milliseconds(2))
        task.cancel()
        return await task.value
    }

    /// A task already cancelled when it reaches `withTaskCancellationHandler`: the handler runs first.
    static let cancelBeforeHandler = Program(
        "cancel-before-handler", "a task cancelled during a sleep, then entering withTaskCancellationHandler: which runs first",
        onTime: ["onCancel, operation"],
        because: "when the task is already cancelled, withTaskCancellationHandler runs onCancel at once, before the operation"
    ) {
        let lines = Lines()
        let task = Task {
            try? await Task.sleep(for: .seconds(10))
            await withTaskCancellationHandler {
                lines.append("operation")
            } onCancel: {
                lines.append("onCancel")
            }
        }
        task.cancel()
        await task.value
        return lines.joined
    }

    /// A loop of 100 chunks, 1 ms each, checking for cancellation between them, cancelled 3 ms in.
    static let checkCancellationLoop = Program(
        "check-cancellation-loop", "for 100 chunks { try Task.checkCancellation(); sleep 1 ms }, the task cancelled after 3 ms",
        onTime: ["stopped by CancellationError"], late: ["finished all 100"],
        because: "the cancel comes long before the 100th chunk and the next check throws; only a cancel late by 97 ms misses"
    ) {
        let task = Task { () -> String in
            do {
                for _ in 1...100 {
                    try Task.checkCancellation()
                    try? await Task.sleep(for: .milliseconds(1))
                }
                return "finished all 100"
            } catch {
                return "stopped by \(type(of: error))"
            }
        }
        try? await Task.sleep(for: .milliseconds(3))
        task.cancel()
        return await task.value
    }

    /// A group cancelled before it adds its children: `addTaskUnlessCancelled` adds none, `addTask` one that sees it.
    static let groupCancelAll = Program(
        "group-cancel-all", "group.cancelAll(), then addTaskUnlessCancelled and addTask, each child returning Task.isCancelled",
        onTime: ["unless-cancelled added: false; added child saw cancelled: [true]"],
        because: "a cancelled group refuses addTaskUnlessCancelled, and a child added anyway starts cancelled"
    ) {
        await withTaskGroup(of: Bool.self) { group in
            group.cancelAll()
            let added = group.addTaskUnlessCancelled { Task.isCancelled }
            group.addTask { Task.isCancelled }
            var seen: [Bool] = []
            for await cancelled in group { seen.append(cancelled) }
            return "unless-cancelled added: \(added); added child saw cancelled: \(list(seen))"
        }
    }

    /// Two `async let`s, the first throwing after 1 ms while the second sleeps 10 s.
    static let asyncLetThrowCancelsSibling = Program(
        "async-let-throw-cancels-sibling", "async let a = (throws after 1 ms); async let b = (sleeps 10 s); try await a + b",
        onTime: ["Boom; b cancelled"], late: ["Boom; b not cancelled"],
        because: "the throw leaves the scope, which cancels b and waits for it, so its sleep ends at once; only a throw late by 10 s finds b done"
    ) {
        let cancelled = Locked(false)
        func fail() async throws -> Int {
            try await Task.sleep(for: .milliseconds(1))
            throw Boom()
        }
        func slow() async throws -> Int {
            do { try await Task.sleep(for: .seconds(10)) } catch {
                cancelled.withLock { $0 = true }
                throw error
            }
            return 1
        }
        do {
            async let a = fail()
            async let b = slow()
            return "sum \(try await a + b)"
        } catch {
            return "\(error is Boom ? "Boom" : "\(error)"); b \(cancelled.value ? "cancelled" : "not cancelled")"
        }
    }

    /// A task whose group has three children sleeping 10 s, cancelled 2 ms in.
    static let cancelReachesGroupChildren = Program(
        "cancel-reaches-group-children", "Task { withTaskGroup { 3 children sleeping 10 s } } cancelled after 2 ms",
        onTime: ["3 children cancelled"],
        because: "cancelling a task cancels its group and every child in it, started or not, so each sleep throws"
    ) {
        let cancelled = Locked(0)
        let task = Task {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        do { try await Task.sleep(for: .seconds(10)) } catch { cancelled.withLock { $0 += 1 } }
                    }
                }
            }
        }
        try? await Task.sleep(for: .milliseconds(2))
        task.cancel()
        await task.value
        return "\(cancelled.value) children cancelled"
    }

    /// A task cancelled before its first step that never checks: it runs every step, and knows it was cancelled.
    static let cancellationIsCooperative = Program(
        "cancellation-is-cooperative", "a Task cancelled while it waits at a gate, then making 5 steps with Task.yield() between, never checking",
        onTime: ["5 steps, cancelled: true"],
        because: "cancellation only sets a flag: a task that never checks it runs to its end, and sees the flag set"
    ) {
        // The gate opens only after the cancel: a task that started at once could otherwise finish its five steps
        // before the cancel on a loaded machine, and rightly report "cancelled: false".
        let gate = Gate()
        let task = Task { () -> String in
            await gate.wait()
            var steps = 0
            for _ in 0..<5 {
                steps += 1
                await Task.yield()
            }
            return "\(steps) steps, cancelled: \(Task.isCancelled)"
        }
        task.cancel()
        gate.open()
        return await task.value
    }

    /// One asker of a shared load is cancelled; the load, an unstructured task, goes on for both.
    static let sharedLoadAskerCancelled = Program(
        "shared-load-asker-cancelled", "the in-flight-sharing cache (5 ms load), two askers in Tasks, the first cancelled 1 ms in",
        onTime: ["10, 10; 1 load"],
        because: "cancelling an awaiter of task.value cancels neither the value nor the load's own Task, which both askers share"
    ) {
        let cache = SharingCache(loadTime: .milliseconds(5))
        let first = Task { await cache.value(for: 1) }
        let second = Task { await cache.value(for: 1) }
        try? await Task.sleep(for: .milliseconds(1))
        first.cancel()
        return "\(await first.value), \(await second.value); \(await cache.loads) load"
    }
}
