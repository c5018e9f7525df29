import Synchronization

/// An actor whose step suspends halfway (a `Task.yield()` between two updates).
actor Stepper {
    /// Updates so far.
    private(set) var count = 0

    /// Two updates with a yield between them.
    func step() async {
        count += 1
        await Task.yield()
        count += 1
    }
}

/// A one-shot wait that cancellation ends: the continuation kept under a lock and resumed by whoever comes first,
/// as `withTaskCancellationHandler` asks.
final class CancellableWait: Sendable {
    /// The waiter, once it waits; whether cancellation came first.
    private let state = Mutex<(waiter: CheckedContinuation<String, Never>?, cancelled: Bool)>((nil, false))

    /// Waits until the calling task is cancelled.
    func wait() async -> String {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = state.withLock { state in
                    if !state.cancelled { state.waiter = continuation }
                    return state.cancelled
                }
                if cancelled { continuation.resume(returning: "cancelled") }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                state.cancelled = true
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: "cancelled")
        }
    }
}

/// A counter actor.
actor Tally {
    /// The count.
    private(set) var count = 0
    /// Adds one.
    func bump() { count += 1 }
}

/// The error a failing child throws.
struct Boom: Error {}

/// A request's id, carried by task-local storage to the work done for it.
enum RequestContext {
    /// The id of the request being served, if any.
    @TaskLocal static var id: String?
}

extension Program {
    /// `await Task { for _ in 0..<10 { await a.step() } }.value`, where `step` yields inside the actor.
    static let taskStepsActor = Program(
        "task-steps-actor", "await Task { 10 × await a.step() }.value, step yielding inside an actor",
        onTime: ["20"],
        because: "the one task makes its ten steps one after another, two updates each; nothing else touches the actor"
    ) {
        let stepper = Stepper()
        await Task { for _ in 0..<10 { await stepper.step() } }.value
        return "\(await stepper.count)"
    }

    /// `Task.immediate` whose body sleeps 5 ms: it starts at once, and its creator goes on at its first suspension.
    static let immediateWithSleep = Program(
        "immediate-with-sleep", "Task.immediate { log; sleep 5 ms; log }, its creator logging after it",
        onTime: ["start, created, after-sleep"], late: ["start, after-sleep, created"],
        because: "the body runs at once up to its sleep, then the creator goes on at once; only a creator stalled 5 ms logs after the wake-up"
    ) {
        let lines = Lines()
        let task = Task.immediate {
            lines.append("start")
            try? await Task.sleep(for: .milliseconds(5))
            lines.append("after-sleep")
        }
        lines.append("created")
        await task.value
        return lines.joined
    }

    /// `Task.immediate` whose body never suspends: it is over before the creator goes on.
    static let immediateRunsFirst = Program(
        "immediate-runs-first", "Task.immediate { log } with no suspension, its creator logging after it",
        onTime: ["body, created"],
        because: "an immediate task runs synchronously on its creator's thread until it suspends, and this one never does"
    ) {
        let lines = Lines()
        let task = Task.immediate { lines.append("body") }
        lines.append("created")
        await task.value
        return lines.joined
    }

    /// A cancelled task's structured child is cancelled; the detached task it started is not.
    static let detachedIgnoresCancel = Program(
        "detached-ignores-cancel", "a cancelled Task with an async let child and a Task.detached it awaits",
        onTime: ["child cancelled, detached not"],
        because: "cancellation reaches structured children (the child's 10 s sleep ends at once) but never a detached task"
    ) {
        let parent = Task { () -> String in
            async let child = { () async -> Bool in
                try? await Task.sleep(for: .seconds(10))
                return Task.isCancelled
            }()
            let detached = await Task.detached { () -> Bool in
                try? await Task.sleep(for: .milliseconds(5))
                return Task.isCancelled
            }.value
            return "child \(await child ? "cancelled" : "not cancelled"), detached \(detached ? "cancelled" : "not")"
        }
        parent.cancel()
        return await parent.value
    }

    /// A task sleeping 10 s, cancelled right after it was made.
    static let cancelSleepingTask = Program(
        "cancel-sleeping-task", "Task { try await Task.sleep(for: .seconds(10)) } cancelled at once",
        onTime: ["CancellationError"],
        because: "a sleep in a cancelled task throws CancellationError, whether the cancel comes before or during it"
    ) {
        let task = Task { () -> String in
            do {
                try await Task.sleep(for: .seconds(10))
                return "slept"
            } catch {
                return "\(type(of: error))"
            }
        }
        task.cancel()
        return await task.value
    }

    /// A wait built on `withTaskCancellationHandler` and a continuation, cancelled 2 ms in.
    static let cancellationHandler = Program(
        "cancellation-handler", "withTaskCancellationHandler around a kept continuation, the task cancelled after 2 ms",
        onTime: ["cancelled"],
        because: "the handler resumes the kept continuation, or the wait sees the cancel first and resumes itself: once either way"
    ) {
        let wait = CancellableWait()
        let task = Task { await wait.wait() }
        try? await Task.sleep(for: .milliseconds(2))
        task.cancel()
        return await task.value
    }

    /// A throwing task group whose first child fails after 2 ms while two others sleep 10 s.
    static let groupFirstErrorCancels = Program(
        "group-first-error-cancels", "withThrowingTaskGroup read by next(): one child throws after 2 ms, two sleep 10 s",
        onTime: ["Boom; 2 cancelled"], late: ["Boom; 0 cancelled"],
        because: "next() rethrows the first error out of the group's body, which cancels the sleepers and waits for them; only a thrower late by 10 s finds them done"
    ) {
        let cancelled = Locked(0)
        do {
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    try await Task.sleep(for: .milliseconds(2))
                    throw Boom()
                }
                for _ in 0..<2 {
                    group.addTask {
                        do { try await Task.sleep(for: .seconds(10)) } catch {
                            cancelled.withLock { $0 += 1 }
                            throw error
                        }
                    }
                }
                // Not waitForAll(): it waits for every child before it rethrows, and cancels none.
                while try await group.next() != nil {}
            }
            return "no error"
        } catch {
            return "\(error is Boom ? "Boom" : "\(error)"); \(cancelled.value) cancelled"
        }
    }

    /// Three `async let`s that sleep 3, 1 and 2 ms, summed.
    static let asyncLetSum = Program(
        "async-let-sum", "async let a, b, c (sleeping 3, 1, 2 ms) summed",
        onTime: ["6 after ≥ 3 ms"],
        because: "each child gives its number after its sleep; the sum waits for all three, so for the longest"
    ) {
        func number(_ n: Int, after duration: Duration) async -> Int {
            try? await Task.sleep(for: duration)
            return n
        }
        let start = ContinuousClock.now
        async let a = number(1, after: .milliseconds(3))
        async let b = number(2, after: .milliseconds(1))
        async let c = number(3, after: .milliseconds(2))
        let sum = await a + b + c
        return "\(sum) after \(waited(.milliseconds(3), since: start))"
    }

    /// An `async let` nobody awaits: leaving its scope cancels it and waits for it.
    static let asyncLetUnawaited = Program(
        "async-let-unawaited", "a function returning without awaiting its async let _ = (a 10 s sleep)",
        onTime: ["cancelled at scope exit"],
        because: "an async let left unawaited is cancelled, then awaited, when its scope ends: the sleep throws at once"
    ) {
        let cancelled = Locked(false)
        func leaveEarly() async {
            async let _ = { () async -> Void in
                do { try await Task.sleep(for: .seconds(10)) } catch { cancelled.withLock { $0 = true } }
            }()
        }
        await leaveEarly()
        return cancelled.value ? "cancelled at scope exit" : "not cancelled"
    }

    /// A task group whose children sleep 6, 4 and 2 ms, read in the order they finish.
    static let groupCompletionOrder = Program(
        "group-completion-order", "withTaskGroup children 0, 1, 2 sleeping 6, 4, 2 ms, read by for await",
        onTime: ["[2, 1, 0]"], late: ["[0, 1, 2]", "[0, 2, 1]", "[1, 0, 2]", "[1, 2, 0]", "[2, 0, 1]"],
        because: "a group yields results as children finish, and the shorter sleep finishes first; late children can finish in any order"
    ) {
        let order = await withTaskGroup(of: Int.self) { group in
            for child in 0..<3 {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(6 - 2 * child))
                    return child
                }
            }
            var order: [Int] = []
            for await child in group { order.append(child) }
            return order
        }
        return list(order)
    }

    /// A discarding task group of ten children, each bumping an actor's counter.
    static let discardingGroup = Program(
        "discarding-group", "withDiscardingTaskGroup: ten children each await tally.bump()",
        onTime: ["10"],
        because: "the group waits for all ten children, and the actor makes their bumps one at a time"
    ) {
        let tally = Tally()
        await withDiscardingTaskGroup { group in
            for _ in 0..<10 { group.addTask { await tally.bump() } }
        }
        return "\(await tally.count)"
    }

    /// A request id in a task-local, read by an `async let` child, a `Task {}` and a `Task.detached`.
    static let taskLocalInherited = Program(
        "task-local-inherited", "RequestContext.$id.withValue(\"r1\") { async let, Task {}, Task.detached }",
        onTime: ["r1, r1, nil"],
        because: "structured children and Task {} copy the task-locals of their creator; a detached task starts with none"
    ) {
        await RequestContext.$id.withValue("r1") {
            async let child = RequestContext.id
            let task = await Task { RequestContext.id }.value
            let detached = await Task.detached { RequestContext.id }.value
            return [await child, task, detached].map { $0 ?? "nil" }.joined(separator: ", ")
        }
    }

    /// A request id in a task-local, read by task-group children that sleep before reading it.
    static let taskLocalInGroup = Program(
        "task-local-in-group", "task-group children reading a task-local after a 1 ms sleep",
        onTime: ["r7, r7, r7"],
        because: "group children inherit the task-locals bound where the group was made, for their whole lives"
    ) {
        await RequestContext.$id.withValue("r7") {
            await withTaskGroup(of: String.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try? await Task.sleep(for: .milliseconds(1))
                        return RequestContext.id ?? "nil"
                    }
                }
                var ids: [String] = []
                for await id in group { ids.append(id) }
                return ids.sorted().joined(separator: ", ")
            }
        }
    }
}
