import Synchronization

/// A search box's debouncer: each keystroke cancels the pending search and schedules a new one 20 ms later.
actor Debouncer {
    /// The pending search.
    private var task: Task<Void, Never>?
    /// The values that got through, in order.
    private(set) var sent: [Int] = []

    /// Sends `value` 20 ms from now, unless another comes first.
    func send(_ value: Int) {
        task?.cancel()
        task = Task {
            try? await Task.sleep(for: .milliseconds(20))
            guard !Task.isCancelled else { return }
            record(value)
        }
    }

    /// Keeps a value that got through.
    private func record(_ value: Int) { sent.append(value) }

    /// Waits for the pending search, if any.
    func settle() async { await task?.value }
}

/// A button's throttle: a tap within 20 ms of the last accepted one is dropped (the clock decides).
actor Throttle {
    /// When the last accepted tap came.
    private var last: ContinuousClock.Instant?
    /// The taps that got through.
    private(set) var accepted: [Int] = []

    /// Accepts tap `n` unless the last accepted one is under 20 ms old.
    func tap(_ n: Int) {
        let now = ContinuousClock.now
        if let last, last.duration(to: now) < .milliseconds(20) { return }
        last = now
        accepted.append(n)
    }
}

/// A status poller: it polls every 5 ms from a task of its own until stopped.
actor Poller {
    /// The polling task.
    private var task: Task<Void, Never>?
    /// How many polls were made.
    private(set) var polls = 0

    /// Starts polling.
    func start() {
        task = Task {
            while !Task.isCancelled {
                poll()
                try? await Task.sleep(for: .milliseconds(5))
            }
        }
    }

    /// One poll.
    private func poll() { polls += 1 }

    /// Stops polling and waits for the task to end.
    func stop() async {
        task?.cancel()
        await task?.value
    }
}

/// A flag one task sets and another polls.
actor Flag {
    /// Whether it was set.
    private(set) var isSet = false
    /// Sets it.
    func set() { isSet = true }
}

/// A server that is unavailable for its first two calls.
actor FlakyServer {
    /// Calls so far.
    private(set) var calls = 0
    /// Why a call failed.
    struct Unavailable: Error {}

    /// Answers "ok" from the third call on.
    func fetch() throws -> String {
        calls += 1
        guard calls >= 3 else { throw Unavailable() }
        return "ok"
    }
}

/// Calls `operation` up to `attempts` times, sleeping `delay`, then twice as long, and so on, between tries.
func retry<T: Sendable>(attempts: Int, delay: Duration, _ operation: () async throws -> T) async throws -> T {
    var delay = delay
    for _ in 1..<attempts {
        do { return try await operation() } catch {}
        try await Task.sleep(for: delay)
        delay *= 2
    }
    return try await operation()
}

/// The error of an operation that ran out of time.
struct TimedOut: Error {}

/// `operation`'s result, or `TimedOut` after `limit`: the usual race of two children in a throwing task group, the
/// loser cancelled.
func withTimeout<T: Sendable>(_ limit: Duration, _ operation: @escaping @Sendable () async throws -> T) async throws -> T {
    try await withThrowingTaskGroup(of: T.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            throw TimedOut()
        }
        defer { group.cancelAll() }
        return try await group.next()!
    }
}

extension Program {
    /// A debounced search: keystroke 1, 5 ms later keystroke 2; only the last one is searched.
    static let debounce = Program(
        "debounce", "an actor debounce (task?.cancel(); task = Task { sleep 20 ms; … }): send 1, 5 ms, send 2",
        onTime: ["[2]"], late: ["[1, 2]"],
        because: "send 2 comes 5 ms after send 1 and cancels its Task before the 20 ms sleep ends; only a send 2 late by 15 ms lets 1 through"
    ) {
        let debouncer = Debouncer()
        await debouncer.send(1)
        try? await Task.sleep(for: .milliseconds(5))
        await debouncer.send(2)
        await debouncer.settle()
        return list(await debouncer.sent)
    }

    /// A throttled button: taps at 0 ms, 5 ms and 45 ms, one per 20 ms gets through.
    static let throttle = Program(
        "throttle", "an actor throttle reading ContinuousClock.now: taps at 0, 5 and 45 ms, 20 ms window",
        onTime: ["[1, 3]"], late: ["[1, 2, 3]"],
        because: "tap 2 comes 5 ms after tap 1, inside its window; tap 3 at least 40 ms after tap 2, outside any; only a tap 2 late by 15 ms gets through"
    ) {
        let throttle = Throttle()
        await throttle.tap(1)
        try? await Task.sleep(for: .milliseconds(5))
        await throttle.tap(2)
        try? await Task.sleep(for: .milliseconds(40))
        await throttle.tap(3)
        return list(await throttle.accepted)
    }

    /// A status poller that polls every 5 ms, stopped after 12 ms.
    static let poller = Program(
        "poller", "an actor poller (a Task looping poll(); sleep 5 ms) stopped after 12 ms",
        onTime: ["3 polls"], late: ["fewer polls", "more polls"],
        because: "polls at 0, 5 and 10 ms, then the stop at 12 ms cancels the sleep; a late poll or a late stop changes the count, never the ending"
    ) {
        let poller = Poller()
        await poller.start()
        try? await Task.sleep(for: .milliseconds(12))
        await poller.stop()
        let polls = await poller.polls
        return polls == 3 ? "3 polls" : polls < 3 ? "fewer polls" : "more polls"
    }

    /// A loop that polls a flag every 2 ms until another task sets it 10 ms in.
    static let pollUntilReady = Program(
        "poll-until-ready", "while !(await flag.isSet) { sleep 2 ms }, the flag set by a Task after 10 ms",
        onTime: ["ready after polling"], late: ["ready at once"],
        because: "the first check comes before the setter's 10 ms sleep ends, later ones see it set; only a first check late by 10 ms sees it at once"
    ) {
        let flag = Flag()
        let setter = Task {
            try? await Task.sleep(for: .milliseconds(10))
            await flag.set()
        }
        var polls = 0
        while !(await flag.isSet) {
            polls += 1
            try? await Task.sleep(for: .milliseconds(2))
        }
        await setter.value
        return polls > 0 ? "ready after polling" : "ready at once"
    }

    /// Work on a detached task that sleeps 3 ms, awaited by its creator.
    static let detachedSleepWaits = Program(
        "detached-sleep-waits", "await Task.detached { sleep 3 ms }.value, timed by its creator",
        onTime: ["slept ≥ 3 ms"],
        because: "the creator's clock starts before the detached task's sleep, and the value comes after it"
    ) {
        let start = ContinuousClock.now
        await Task.detached { try? await Task.sleep(for: .milliseconds(3)) }.value
        return "slept \(waited(.milliseconds(3), since: start))"
    }

    /// A fetch retried with exponential backoff (2 ms, then 4 ms) against a server that fails twice.
    static let retryWithBackoff = Program(
        "retry-with-backoff", "retry(attempts: 5, delay: 2 ms) with doubling, against a server failing twice",
        onTime: ["ok on call 3 after ≥ 6 ms"],
        because: "calls 1 and 2 fail, each followed by its sleep (2 ms, then 4 ms), and call 3 succeeds"
    ) {
        let server = FlakyServer()
        let start = ContinuousClock.now
        let answer = (try? await retry(attempts: 5, delay: .milliseconds(2)) { try await server.fetch() }) ?? "failed"
        return "\(answer) on call \(await server.calls) after \(waited(.milliseconds(6), since: start))"
    }

    /// A 5 ms operation under a 200 ms timeout.
    static let timeoutOperationFirst = Program(
        "timeout-operation-first", "withTimeout(200 ms) by a task-group race around a 5 ms operation",
        onTime: ["value"], late: ["timed out"],
        because: "the operation's 5 ms sleep ends before the timeout's 200 ms one; only an operation late by 195 ms loses"
    ) {
        do {
            return try await withTimeout(.milliseconds(200)) {
                try await Task.sleep(for: .milliseconds(5))
                return "value"
            }
        } catch {
            return error is TimedOut ? "timed out" : "\(error)"
        }
    }

    /// A 10 s operation under a 5 ms timeout: the timeout wins and the operation is cancelled.
    static let timeoutFires = Program(
        "timeout-fires", "withTimeout(5 ms) around a 10 s operation that stops when cancelled",
        onTime: ["timed out; operation cancelled"], late: ["value; operation not cancelled"],
        because: "the timeout's 5 ms sleep ends first and its error cancels the group, ending the operation's sleep at once; only a timeout late by 10 s loses"
    ) {
        let cancelled = Locked(false)
        let outcome: String
        do {
            outcome = try await withTimeout(.milliseconds(5)) {
                do {
                    try await Task.sleep(for: .seconds(10))
                } catch {
                    cancelled.withLock { $0 = true }
                    throw error
                }
                return "value"
            }
        } catch {
            outcome = error is TimedOut ? "timed out" : "\(error)"
        }
        return outcome + (cancelled.value ? "; operation cancelled" : "; operation not cancelled")
    }
}

extension Program {
    /// A timeout around a callback API whose continuation ignores cancellation: the timeout fires, the group waits.
    static let timeoutWaitsForContinuation = Program(
        "timeout-waits-for-continuation", "withTimeout(5 ms) around withCheckedContinuation resumed by asyncAfter(20 ms), no cancellation handler",
        onTime: ["TimedOut after ≥ 20 ms"], late: ["answer after ≥ 20 ms"],
        because: "the timeout's error cancels the group, but a continuation without a handler is not ended by cancellation: the group waits for the 20 ms callback before it rethrows; only a timeout late by 15 ms loses"
    ) {
        let start = ContinuousClock.now
        do {
            let answer = try await withTimeout(.milliseconds(5)) {
                await withCheckedContinuation { continuation in
                    fetchAnswer(after: .milliseconds(20)) { continuation.resume(returning: $0) }
                }
            }
            return "\(answer) after \(waited(.milliseconds(20), since: start))"
        } catch {
            return "\(error is TimedOut ? "TimedOut" : "\(error)") after \(waited(.milliseconds(20), since: start))"
        }
    }
}
