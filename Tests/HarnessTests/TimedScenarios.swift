import Foundation
import ConcurrencyHarness

/// Scenarios written the way timing code usually is — deadlines taken from `clock.now` — whose
/// right answers are known on paper. Under a seed they must give exactly those answers.
enum Timed {
    /// A timer that sleeps until `clock.now + period`, `ticks` times, and notes the time of each tick.
    @Sendable static func ticker(ticks: Int = 100, every period: Duration = .milliseconds(10)) async throws -> [Duration] {
        let clock = ContinuousClock()
        let start = clock.now
        var times: [Duration] = []
        for _ in 0..<ticks {
            try await clock.sleep(until: clock.now + period)
            times.append(start.duration(to: clock.now))
        }
        return times
    }

    /// Debounce: an element is let through once `window` passes with no newer one. Each element
    /// cancels the one waiting and starts a task that sleeps until `now + window`, then emits.
    @Sendable static func debounce(_ arrivals: [Int], window: Duration) async -> [Int] {
        let clock = ContinuousClock()
        let start = clock.now
        let out = Log()
        var pending: Task<Void, Never>? = nil
        for at in arrivals {
            try? await clock.sleep(until: start + .milliseconds(at))
            pending?.cancel()
            let deadline = clock.now + window
            pending = Task {
                guard (try? await clock.sleep(until: deadline)) != nil else { return }
                await out.append(at)
            }
        }
        await pending?.value
        return await out.entries
    }

    /// Throttle: an element is let through if `interval` has passed since the last one let through.
    @Sendable static func throttle(_ arrivals: [Int], interval: Duration) async -> [Int] {
        let clock = ContinuousClock()
        let start = clock.now
        var last: ContinuousClock.Instant? = nil
        var out: [Int] = []
        for at in arrivals {
            try? await clock.sleep(until: start + .milliseconds(at))
            if let last, last.duration(to: clock.now) < interval { continue }
            out.append(at)
            last = clock.now
        }
        return out
    }

    /// Two timed sources merged into one stream: "a" every 10 ms, "b" every 15 ms, ten each, so
    /// they tie at 30, 60 and 90 ms. What the consumer sees, in order.
    @Sendable static func mergedSources() async -> [String] {
        let (stream, continuation) = AsyncStream<String>.makeStream()
        await withTaskGroup(of: Void.self) { group in
            for (name, period) in [("a", 10), ("b", 15)] {
                group.addTask {
                    for k in 1...10 {
                        try? await Task.sleep(for: .milliseconds(period))
                        continuation.yield("\(name)\(k * period)")
                    }
                }
            }
            await group.waitForAll()
            continuation.finish()
        }
        var seen: [String] = []
        for await element in stream { seen.append(element) }
        return seen
    }

    /// A task that burns 10 ms of real CPU, then sleeps 91 ms, against one that sleeps 95 ms: which
    /// finishes first. Real work takes no virtual time, so the first wakes at 91 ms.
    @Sendable static func burnerAgainstSleeper() async -> [String] {
        let log = NameLog()
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                burnCPU(.milliseconds(10))
                try? await Task.sleep(for: .milliseconds(91))
                await log.append("burner")
            }
            group.addTask {
                try? await Task.sleep(for: .milliseconds(95))
                await log.append("sleeper")
            }
        }
        return await log.entries
    }

    /// Nondeterministic on purpose: how many tasks race depends on a random number.
    @Sendable static func randomFanOut() async -> Int {
        let count = Int.random(in: 2...40)
        let log = Log()
        await withTaskGroup(of: Void.self) { group in
            for n in 0..<count { group.addTask { await log.append(n) } }
        }
        return await log.entries.count
    }
}

/// Spins until this thread has used `duration` of CPU time (the thread's own CPU clock, which virtual
/// time leaves alone).
func burnCPU(_ duration: Duration) {
    func used() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
    let until = used() + Int64(duration.components.seconds) * 1_000_000_000 + duration.components.attoseconds / 1_000_000_000
    var sink = 0
    while used() < until { sink &+= 1 }
    withExtendedLifetime(sink) {}
}

/// An actor that keeps names in the order they came.
actor NameLog {
    /// The names so far.
    private(set) var entries: [String] = []
    /// Appends `name`.
    func append(_ name: String) { entries.append(name) }
}
