import Synchronization

// The shapes apps write around a limit or a signal: at most N downloads at once, a semaphore made of continuations,
// a gate every waiter passes once it opens; and what structured tasks carry to their children.

/// How many are inside a section now, and the most there ever were.
final class Occupancy: Sendable {
    /// Now, and the most.
    private let count = Mutex((now: 0, most: 0))
    /// One more inside.
    func enter() { count.withLock { $0.now += 1; $0.most = max($0.most, $0.now) } }
    /// One fewer inside.
    func leave() { count.withLock { $0.now -= 1 } }
    /// The most there ever were.
    var most: Int { count.withLock { $0.most } }
}

/// A counting semaphore for tasks, made of continuations: `wait` suspends while no permit is left.
actor AsyncSemaphore {
    /// Permits left.
    private var permits: Int
    /// Tasks waiting for a permit, first come first served.
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A semaphore with `permits` permits.
    init(permits: Int) { self.permits = permits }

    /// Takes a permit, waiting for one if none is left.
    func wait() async {
        if permits > 0 {
            permits -= 1
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// Gives a permit back: to the first waiter, if there is one.
    func signal() {
        if waiters.isEmpty { permits += 1 } else { waiters.removeFirst().resume() }
    }
}

/// A gate: tasks wait until it opens; once open, every wait passes at once.
final class Gate: Sendable {
    /// Whether it is open, and who waits.
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    /// Waits until the gate is open.
    func wait() async {
        await withCheckedContinuation { continuation in
            let open = state.withLock { state in
                if !state.open { state.waiters.append(continuation) }
                return state.open
            }
            if open { continuation.resume() }
        }
    }

    /// Opens the gate and lets every waiter through.
    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

/// `high`, `medium`, `low`, `background`, or the raw value.
func priorityName(_ priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    case .background: "background"
    default: "\(priority.rawValue)"
    }
}

extension Program {
    /// Ten downloads through a task group that keeps at most three in flight, adding one as one finishes.
    static let boundedConcurrencyGroup = Program(
        "bounded-concurrency-group", "a task group of 10 downloads (2 ms each), 3 added first, one more as each finishes",
        onTime: ["10 done, at most 3 at once"], late: ["10 done, at most 2 at once", "10 done, at most 1 at once"],
        because: "never more than three children exist, and the first three start before any ends; only a start late by 2 ms sees fewer"
    ) {
        let inside = Occupancy()
        @Sendable func download() async {
            inside.enter()
            try? await Task.sleep(for: .milliseconds(2))
            inside.leave()
        }
        let done = await withTaskGroup(of: Void.self) { group in
            var started = 0
            var done = 0
            for _ in 0..<3 {
                group.addTask { await download() }
                started += 1
            }
            while await group.next() != nil {
                done += 1
                if started < 10 {
                    group.addTask { await download() }
                    started += 1
                }
            }
            return done
        }
        return "\(done) done, at most \(inside.most) at once"
    }

    /// Six tasks through a semaphore of two permits, each holding it for 1 ms.
    static let asyncSemaphore = Program(
        "async-semaphore", "an actor semaphore of continuations, 2 permits; six children wait, sleep 1 ms inside, signal",
        onTime: ["6 done, at most 2 inside"], late: ["6 done, at most 1 inside"],
        because: "a permit goes to a waiter only when one is given back, so never more than two are inside; two enter at once unless one is 1 ms late"
    ) {
        let semaphore = AsyncSemaphore(permits: 2)
        let inside = Occupancy()
        let done = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    await semaphore.wait()
                    inside.enter()
                    try? await Task.sleep(for: .milliseconds(1))
                    inside.leave()
                    done.withLock { $0 += 1 }
                    await semaphore.signal()
                }
            }
        }
        return "\(done.value) done, at most \(inside.most) inside"
    }

    /// Five tasks wait at a gate a sixth opens 2 ms in; one more waits after it opened.
    static let gateOpensWaiters = Program(
        "gate-opens-waiters", "a gate of continuations under a Mutex: five children wait, a sixth opens it after 2 ms, then one more waits",
        onTime: ["6 passed"],
        because: "opening resumes every waiter once, and a wait after the gate opened passes at once"
    ) {
        let gate = Gate()
        let passed = Locked(0)
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 {
                group.addTask {
                    await gate.wait()
                    passed.withLock { $0 += 1 }
                }
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(2))
                gate.open()
            }
        }
        await gate.wait()
        passed.withLock { $0 += 1 }
        return "\(passed.value) passed"
    }

    /// A task group whose body returns after its first result, leaving two children running.
    static let groupBodyReturnsEarly = Program(
        "group-body-returns-early", "withTaskGroup: children sleep 2, 4, 6 ms; the body returns the first result",
        onTime: ["first 1; all 3 ran, 0 cancelled"], late: ["first 2; all 3 ran, 0 cancelled", "first 3; all 3 ran, 0 cancelled"],
        because: "withTaskGroup waits for every child before it returns and cancels none when the body returns normally; late sleeps can reorder who is first"
    ) {
        let finished = Locked((ran: 0, cancelled: 0))
        let first = await withTaskGroup(of: Int.self) { group in
            for child in 1...3 {
                group.addTask {
                    try? await Task.sleep(for: .milliseconds(2 * child))
                    finished.withLock { $0.ran += 1; if Task.isCancelled { $0.cancelled += 1 } }
                    return child
                }
            }
            return await group.next() ?? 0
        }
        let (ran, cancelled) = finished.value
        return "first \(first); all \(ran) ran, \(cancelled) cancelled"
    }

    /// A task of high priority: its `async let`, group child and `Task {}` inherit it.
    static let priorityInherited = Program(
        "priority-inherited", "Task(priority: .high) { async let, a group child and a Task {} each read Task.currentPriority }",
        onTime: ["high, high, high"],
        because: "child tasks and Task {} inherit their creator's priority, and nothing of higher priority waits for them"
    ) {
        await Task(priority: .high) {
            async let child = Task.currentPriority
            let groupChild = await withTaskGroup(of: TaskPriority.self) { group in
                group.addTask { Task.currentPriority }
                return await group.next() ?? .background
            }
            let unstructured = await Task { Task.currentPriority }.value
            return [await child, groupChild, unstructured].map(priorityName).joined(separator: ", ")
        }.value
    }

    /// Continuations resumed inside their own closure, with a value and with an error.
    static let continuationResumedAtOnce = Program(
        "continuation-resumed-at-once", "withCheckedContinuation { $0.resume(returning: 1) }, withUnsafeThrowingContinuation { resume(throwing:) }",
        onTime: ["1, Boom"],
        because: "a continuation may be resumed before its closure returns; the await then gives that value or throws that error"
    ) {
        let value = await withCheckedContinuation { $0.resume(returning: 1) }
        do {
            let _: Int = try await withUnsafeThrowingContinuation { $0.resume(throwing: Boom()) }
            return "\(value), no error"
        } catch {
            return "\(value), \(error is Boom ? "Boom" : "\(error)")"
        }
    }
}
