import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("Virtual time: sleeps cost nothing under seeds, and keep their order", scaledTimeLimit(minutes: 1))
struct TimeTests {
    @Test("a day-long sleep under a seed takes a virtual day and no real one", .needs(.timers, .virtualClock))
    func longSleep() async throws {
        let started = ContinuousClock.now
        let run = try await ConcurrencyHarness.run(.seeded(1)) {
            try await Task.sleep(for: .seconds(86_400))
            return ScenarioClock.elapsed
        }
        #expect(run.value >= .seconds(86_400) && run.value < .seconds(86_400) + .milliseconds(1),
                "virtual time after the sleep: \(run.value)")
        // A real sleep would end the run at its time limit (30 s of its thread's time) and fail it, long before the
        // day; the day is the only bound a loaded machine cannot beat (a run may wait for other tests' runs).
        #expect(started.duration(to: .now) < .seconds(86_400), "a virtual sleep must not wait for real")
    }

    @Test("sleeps wake in deadline order, whatever the seed", arguments: [UInt64(3), 4, 5])
    func wakeOrder(seed: UInt64) async throws {
        let run = try await ConcurrencyHarness.run(.seeded(seed)) {
            let log = Log()
            await withTaskGroup(of: Void.self) { group in
                for n in [30, 10, 20] {
                    group.addTask {
                        try? await Task.sleep(for: .milliseconds(n))
                        await log.append(n)
                    }
                }
            }
            return await log.entries
        }
        #expect(run.value == [10, 20, 30], "a 10 ms sleep must end before a 20 ms one")
    }

    @Test("Task.sleep(nanoseconds:) and sleep(until:) are virtual too", .needs(.timers, .virtualClock))
    func otherSleeps() async throws {
        let run = try await ConcurrencyHarness.run(.seeded(2)) {
            try await Task.sleep(nanoseconds: 2_000_000_000)
            try await Task.sleep(until: .now + .seconds(3), clock: .continuous)
            try await Task.sleep(until: .now + .seconds(1), clock: .suspending)
            return ScenarioClock.elapsed
        }
        #expect(run.value >= .seconds(6) && run.value < .seconds(6) + .milliseconds(1), "virtual time: \(run.value)")
    }

    @Test("a cancelled sleep throws at once and leaves nothing behind")
    func cancelledSleep() async throws {
        let run = try await ConcurrencyHarness.run(.seeded(9)) {
            let sleeper = Task { try await Task.sleep(for: .seconds(100)) }
            await Task.yield()
            sleeper.cancel()
            return await sleeper.result.isCancellation
        }
        #expect(run.value, "the cancelled sleep should have thrown CancellationError")
    }

    @Test("under strict, time is real: a 20 ms sleep takes at least 20 ms")
    func strictIsReal() async throws {
        let run = try await ConcurrencyHarness.run(.strict) {
            try await Task.sleep(for: .milliseconds(20))
            return ScenarioClock.elapsed
        }
        #expect(run.value >= .milliseconds(20), "strict uses the real clock: \(run.value)")
    }
}

extension Result {
    /// Whether this is a failure with `CancellationError`.
    var isCancellation: Bool {
        if case .failure(let error) = self { return error is CancellationError }
        return false
    }
}

@Suite("Injected dependencies sleep on the harness clock", scaledTimeLimit(minutes: 1))
struct InjectedTimeTests {
    /// A stand-in for a network call: it takes `delay`, then answers.
    struct SlowService: Sendable {
        /// How long a request takes.
        var delay: Duration
        /// The request.
        func fetch(_ city: String) async throws -> String {
            try await Task.sleep(for: delay)
            return "sunny in \(city)"
        }
    }

    @Test("a fetch that takes two seconds takes two virtual seconds under a seed", .needs(.timers, .virtualClock))
    func injectedFetch() async throws {
        let service = SlowService(delay: .seconds(2))
        let run = try await ConcurrencyHarness.run(.seeded(4)) {
            async let a = service.fetch("Lima")
            async let b = service.fetch("Oslo")
            let answers = try await [a, b]
            return "\(answers) at \(ScenarioClock.elapsed)"
        }
        #expect(run.elapsed >= .seconds(2) && run.elapsed < .seconds(2) + .milliseconds(1),
                "two concurrent 2 s fetches take 2 virtual seconds: \(run.value)")
    }
}

/// A sleep whose deadline is computed a job before the harness is asked for its timer: the shape of
/// `Task.detached { try await Task.sleep(for:) }` awaited from a `@concurrent` function.
@concurrent func detachedSecond() async -> Duration {
    let start = ScenarioClock.elapsed
    await Task.detached { try? await Task.sleep(for: .seconds(1)) }.value
    return ScenarioClock.elapsed - start
}

extension InjectedTimeTests {
    @Test("a detached one-second sleep takes one virtual second, not a microsecond less, for every seed", .needs(.timers, .virtualClock))
    func detachedSleepIsExact() async throws {
        await verify(Claim("a 1 s sleep must take 1 s of virtual time (plus a few µs of job costs)", runs: [.seeds(300)],
                           expect: Expectation(every: .that("a 1 s sleep must take 1 s of virtual time (plus a few µs of job costs)") {
            $0 >= .seconds(1) && $0 < .seconds(1) + .milliseconds(1)
        }),
                           control: .none(why: "a check of the harness's virtual time: the answer on paper is the only shape")) { await detachedSecond() })
    }
}
