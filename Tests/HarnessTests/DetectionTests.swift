import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("Deadlocks, blocked threads and leftovers become failures, never hangs", scaledTimeLimit(minutes: 1))
struct DetectionTests {
    /// Verifies that `body` ends in `kind` under `runs`, and that `control` does not; returns the first run's
    /// failure and how long the check took.
    func failing(
        _ kind: HarnessFailure.Kind, runs: Runs, options: RunOptions = RunOptions(), control: String,
        sourceLocation: SourceLocation = #_sourceLocation, _ counterfactual: @escaping @Sendable () async throws -> Void,
        _ body: @escaping @Sendable () async throws -> Void
    ) async -> (HarnessFailure, Duration)? {
        let started = ContinuousClock.now
        let result = await verify(Claim("the harness must report \(kind.rawValue)", runs: [runs], options: options,
                                        expect: .fails(kind), control: .counterfactual(control) {
            try await counterfactual()
            return true
        }) {
            try await body()
            return true
        }, sourceLocation: sourceLocation)
        guard case .failure(let failure)? = result.runs.first?.result else { return nil }
        return (failure, started.duration(to: .now))
    }

    @Test("a continuation never resumed is a deadlock, reported at once", arguments: [Runs.strict, .seeds(1)])
    func neverResumed(runs: Runs) async throws {
        // Nil when no run failed (verify has said so, as the claim's miss) or when the claim did not run (a replay
        // line of the other case names its own claim): nothing more to check either way.
        guard let (failure, _) = await failing(.deadlock, runs: runs, control: "a continuation resumed", {
            await withCheckedContinuation { $0.resume() }
        }, {
            ScenarioLog.note("waiting for a continuation nobody keeps")
            let _: Void = await waitForAResumeNobodyMakes()
        }) else { return }
        // At once: no timer, no grace; counted in jobs, not timed (the machine may be busy).
        #expect(failure.jobs < 10, "the deadlock should be seen as soon as the queue empties: \(failure)")
        #expect(failure.description.contains("waiting for a continuation nobody keeps"), "the note should be in: \(failure)")
        #expect(failure.description.contains("continuation never resumed"))
    }

    @Test("a deadlocked seeded run waiting for another run to settle is a deadlock, not a time limit: the wait is not its time")
    func deadlockBesideALongerRun() async throws {
        let begun = DispatchSemaphore(value: 0)
        let other = Task {
            try await ConcurrencyHarness.run(.system) {
                begun.signal()
                try await Task.sleep(for: .seconds(1))
            }
        }
        await withCheckedContinuation { started in DispatchQueue.global().async { begun.wait(); started.resume() } }
        // The time limit is shorter than the other run: the deadlock, seen while it is busy, waits for it to end.
        let quick = RunOptions { $0.timeLimit = .milliseconds(300) }
        do {
            let _: Run<Void> = try await ConcurrencyHarness.run(.seeded(1), options: quick) { await waitForAResumeNobodyMakes() }
            Issue.record("a continuation nobody resumes must be a deadlock")
        } catch {
            #expect(error.kind == .deadlock && !error.hitTimeLimit, "\(error)")
        }
        _ = try await other.value
    }

    @Test("a job that blocks the one thread past the limit fails as a blocked thread, naming the schedule", .needs(.timers))
    func blockedThread() async throws {
        var options = RunOptions()
        options.blockedThreadLimit = .milliseconds(300)
        // A blocking call on the pool's only thread that lasts until the run failed (60 s at most): a machine with no
        // CPU to spare only delays the verdict, so any fixed length could end first there.
        let never = DispatchSemaphore(value: 0)
        let (failure, took) = try #require(await failing(.blockedThread, runs: .strict, options: options,
                                                         control: "a sleep instead of the wait") {
            try await Task.sleep(for: .milliseconds(400))
        } _: {
            _ = blockThread(on: never, seconds: 60)
        })
        never.signal()
        // A lower bound only: the watchdog must wait for the limit; how much later it looks depends on the machine.
        #expect(took >= .milliseconds(300), "the watchdog must wait for the limit: \(took)")
        #expect(failure.description.contains("held the strict pool's only thread"), "\(failure)")
        #expect(failure.description.contains("strict"))
    }

    @Test("a Task {} left running after the scenario returns is leftover work", .needs(.defaultExecutor))
    func leftovers() async throws {
        _ = await failing(.leftovers, runs: .seeds(1), control: "the task cancelled and awaited") {
            let task = Task { while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) } }
            task.cancel()
            await task.value
        } _: {
            Task {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
            }
        }
    }

    @Test("leftovers can be allowed, and are still counted")
    func leftoversAllowed() async throws {
        let options = RunOptions { $0.leftovers = .allow }
        let run = try await ConcurrencyHarness.run(.seeded(3), options: options) {
            Task { for _ in 0..<3 { try? await Task.sleep(for: .seconds(1)) } }
            return 0
        }
        #expect(run.leftoverJobs > 0)
    }

    @Test("a loop that never ends under virtual time hits the job limit instead of hanging")
    func endlessLoop() async throws {
        let options = RunOptions { $0.jobLimit = 10_000 }
        _ = await failing(.timedOut, runs: .seeds(1), options: options, control: "a loop of a hundred yields") {
            for _ in 0..<100 { await Task.yield() }
        } _: {
            while true { await Task.yield() }
        }
    }

    @Test("an error thrown by the scenario is reported as such")
    func threw() async throws {
        struct Boom: Error {}
        let (failure, _) = try #require(await failing(.threw, runs: .strict, control: "a scenario that returns") {} _: {
            throw Boom()
        })
        #expect(failure.underlying is Boom)
    }
}

@Suite("Clean finishes are not leftovers", scaledTimeLimit(minutes: 1))
struct CleanFinishTests {
    @Test("a loop stopped by cancelling its sleep, then awaited, leaves nothing behind", .needs(.timers),
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func cancelledSleepAwaited(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) {
            let ticker = Task {
                var ticks = 0
                while !Task.isCancelled {
                    ticks += 1
                    try? await Task.sleep(for: .milliseconds(1))
                }
                return ticks
            }
            try? await Task.sleep(for: .milliseconds(5))
            ticker.cancel()
            return await ticker.value
        }
        #expect(run.value >= 1, "the ticker ticked \(counted(run.value, "time"))")
        #expect(run.leftoverJobs == 0, "a cancelled sleep's timer is bookkeeping, not leftover work")
    }
}

extension CleanFinishTests {
    @Test("a child's cancelled sleep whose timer fires as the scenario ends is not leftover work, for every seed", .needs(.timers))
    func cancelledSleepTimerFiringAtTheEnd() async throws {
        await verify(Claim("a cancelled sleep's timer that fires as the scenario ends is bookkeeping, not leftover work: "
                               + "every run finishes, the parent cancelled", runs: [.seeds(50)],
                           expect: Expectation(every: .equals(true)),
                           control: .none(why: "a test of the harness's own judgement of leftovers")) { () -> Bool in
            let parent = Task {
                async let child: Void? = try? await Task.sleep(for: .milliseconds(500))
                let sibling = Task { try? await Task.sleep(for: .milliseconds(500)) }
                _ = await child
                await sibling.value
                return Task.isCancelled
            }
            try? await Task.sleep(for: .milliseconds(100))
            parent.cancel()
            return await parent.value
        })
    }
}
