import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("Virtual time is exact: the standard clocks read the run's clock under a seed", scaledTimeLimit(minutes: 2))
struct VirtualClockTests {
    @Test("a timer that sleeps until clock.now + 10 ms, 100 times, ticks every 10 ms exactly and ends at 1 s", .needs(.timers, .virtualClock))
    func ticker() async throws {
        let expected = (1...100).map { Duration.milliseconds(10 * $0) }
        await verify(Claim("every gap is 10 ms of virtual time, the last tick at exactly 1 s", runs: [.seeds(50)],
                           expect: Expectation(every: .equals(expected)),
                           control: .none(why: "a check of the harness's virtual time: the answer on paper is the only shape")) { try await Timed.ticker() })
    }

    @Test("a 20 ms debounce over elements at 5, 10, 15, 45, 50, 80, 85, 90 ms lets through 15, 50 and 90", .needs(.timers, .virtualClock))
    func debounce() async throws {
        await verify(Claim("the debounce's output on paper", runs: [.seeds(200)],
                           expect: Expectation(every: .equals([15, 50, 90])),
                           control: .counterfactual("a 40 ms debounce") {
                               await Timed.debounce([5, 10, 15, 45, 50, 80, 85, 90], window: .milliseconds(40))
                           }) {
            await Timed.debounce([5, 10, 15, 45, 50, 80, 85, 90], window: .milliseconds(20))
        })
    }

    @Test("a 30 ms throttle over an element every 10 ms from 0 to 90 lets through 0, 30, 60 and 90", .needs(.timers, .virtualClock))
    func throttle() async throws {
        await verify(Claim("the throttle's output on paper", runs: [.seeds(200)],
                           expect: Expectation(every: .equals([0, 30, 60, 90])),
                           control: .counterfactual("a 20 ms throttle") {
                               await Timed.throttle(Array(stride(from: 0, through: 90, by: 10)), interval: .milliseconds(20))
                           }) {
            await Timed.throttle(Array(stride(from: 0, through: 90, by: 10)), interval: .milliseconds(30))
        })
    }

    @Test("10 ms of real CPU costs no virtual time: a task that burns it and sleeps 91 ms wakes before one that sleeps 95 ms", .needs(.timers, .virtualClock))
    func realWorkIsFree() async throws {
        await verify(Claim("the burner wakes at 91 ms, the sleeper at 95 ms", runs: [.seeds(20)],
                           expect: Expectation(every: .equals(["burner", "sleeper"])),
                           control: .none(why: "a check of the harness's virtual time: the answer on paper is the only shape")) {
            await Timed.burnerAgainstSleeper()
        })
    }

    @Test("inside a seeded job ContinuousClock and SuspendingClock stand still: the job's work takes no time", .needs(.virtualClock))
    func clockStandsStillInAJob() async throws {
        let run = try await ConcurrencyHarness.run(.seeded(5)) {
            let (c0, s0) = (ContinuousClock.now, SuspendingClock.now)
            burnCPU(.milliseconds(5))
            let (c1, s1) = (ContinuousClock.now, SuspendingClock.now)
            try await Task.sleep(for: .milliseconds(7))
            return [c0.duration(to: c1), s0.duration(to: s1), c0.duration(to: .now), s0.duration(to: .now)]
        }
        #expect(run.value == [.zero, .zero, .milliseconds(7), .milliseconds(7)], "clock readings: \(run.value)")
        #expect(run.guessedTimers == 0, "no sleep's duration should have been guessed")
    }

    @Test("outside a run, and beside one, the clocks stay real", .needs(.timers, .virtualClock))
    func otherThreadsKeepRealTime() async throws {
        let inside = Task { try await run(.seeded(1)) { try await Task.sleep(for: .seconds(3600)); return 0 } }
        let before = ContinuousClock.now
        try await Task.sleep(for: .milliseconds(20))
        let passed = before.duration(to: .now)
        _ = try await inside.value
        // Real time is at least the sleep; the run's virtual clock would read its hour (or nothing). No upper bound in
        // seconds: a stalled machine may pass any amount of real time below the hour.
        #expect(passed >= .milliseconds(20) && passed < .seconds(3600), "real time beside a run: \(passed)")
    }
}

@Suite("Same seed, same schedule: checkDeterminism holds for timed scenarios and catches one that is not",
       scaledTimeLimit(minutes: 2))
struct TimedDeterminismTests {
    @Test("a merge of two timed sources with ties gives the same schedule hash twice, for 1 000 seeds", .needs(.timers, .virtualClock))
    func mergeReplays() async throws {
        var differing: [UInt64] = []
        var outputs = Set<[String]>()
        for seed in UInt64(0)..<1_000 {
            switch await replayed(seed: seed, Timed.mergedSources) {
            case .success(let value): outputs.insert(value)
            case .failure(let failure):
                differing.append(seed)
                if differing.count == 1 { Issue.record(failure, "the merge must replay exactly") }
            }
        }
        #expect(differing.isEmpty, "seeds whose two runs differed: \(differing.prefix(10).map(Seed.format))")
        #expect(outputs.count > 1, "ties at 30, 60 and 90 ms should go either way across seeds: \(outputs.count) orders")
    }

    @Test("checkDeterminism holds for each timed scenario", .needs(.timers, .virtualClock), arguments: [UInt64(0), 7, 0xdead])
    func timedScenariosReplay(seed: UInt64) async throws {
        _ = try await checkDeterminism(seed: seed) { try await Timed.ticker(ticks: 20) }
        _ = try await checkDeterminism(seed: seed) { await Timed.debounce([5, 10, 15, 45, 50, 80, 85, 90], window: .milliseconds(20)) }
        _ = try await checkDeterminism(seed: seed) { await Timed.throttle([0, 10, 20, 30, 40], interval: .milliseconds(30)) }
        _ = try await checkDeterminism(seed: seed) { await Timed.burnerAgainstSleeper() }
        _ = try await checkDeterminism(seed: seed) { Int(ScenarioClock.elapsed.components.attoseconds) }
    }

    @Test("checkDeterminism fails on a scenario steered by a random number")
    func randomIsCaught() async throws {
        var caught = 0
        for seed in UInt64(0)..<20 {
            if case .failure(let failure) = await replayed(seed: seed, Timed.randomFanOut),
               failure.kind == .nondeterministic { caught += 1 }
        }
        #expect(caught >= 15, "a random fan-out of 2–40 tasks should differ on most second runs: caught \(caught) of 20")
    }
}

/// `checkDeterminism` as a value: the first run's value, or the failure.
func replayed<Value: Sendable & Equatable>(
    seed: UInt64, _ body: @escaping @Sendable () async throws -> Value
) async -> Result<Value, HarnessFailure> {
    do { return .success(try await checkDeterminism(seed: seed, body).value) }
    catch { return .failure(error) }
}

/// A debounce that takes its clock, as operator libraries' do.
func debounce<C: Clock<Duration>>(_ arrivals: [Int], window: Duration, clock: C) async -> [Int] {
    let start = clock.now
    var emitted: [Int] = []
    for (index, at) in arrivals.enumerated() {
        try? await clock.sleep(until: start.advanced(by: .milliseconds(at)), tolerance: nil)
        let next = index + 1 < arrivals.count ? start.advanced(by: .milliseconds(arrivals[index + 1])) : nil
        if let next, clock.now.advanced(by: window) > next { continue }
        try? await clock.sleep(until: clock.now.advanced(by: window), tolerance: nil)
        emitted.append(at)
    }
    return emitted
}

@Suite("HarnessClock: a clock to hand to code that takes one, driven by the schedule", scaledTimeLimit(minutes: 1))
struct HarnessClockTests {
    // Not timed: how long 100 runs take in real time depends on the machine (a loaded one took 12.6 s); that the
    // clock is virtual is shown by the exact answer and by `readsRunTime`.
    @Test("a debounce given a HarnessClock gives the answer on paper under every seed", .needs(.timers, .virtualClock))
    func debounceWithAClock() async throws {
        await verify(Claim("15, 50 and 90 pass a 20 ms debounce", runs: [.seeds(100)],
                           expect: Expectation(every: .equals([15, 50, 90])),
                           control: .counterfactual("a 40 ms debounce") {
                               await debounce([5, 10, 15, 45, 50, 80, 85, 90], window: .milliseconds(40), clock: HarnessClock())
                           }) {
            await debounce([5, 10, 15, 45, 50, 80, 85, 90], window: .milliseconds(20), clock: HarnessClock())
        })
    }

    @Test("HarnessClock reads the run's time: 0 at its start, then exactly what the sleeps added, under a seed", .needs(.timers, .virtualClock))
    func readsRunTime() async throws {
        let run = try await ConcurrencyHarness.run(.seeded(8)) {
            let clock = HarnessClock()
            let start = clock.now
            try await clock.sleep(for: .milliseconds(250))
            try await Task.sleep(for: .seconds(2))
            return [start.offset, clock.now.offset]
        }
        #expect(run.value == [.zero, .milliseconds(2_250)], "the clock's readings: \(run.value)")
    }
}
