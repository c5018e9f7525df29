import Foundation
import Harness
import HarnessTesting
import Testing

@Suite("Deadlocks, blocked threads and leftovers become failures, never hangs", .timeLimit(.minutes(1)))
struct DetectionTests {
    /// Runs `body`, expecting it to fail with `kind`; returns the failure and how long it took.
    func expectFailure(
        _ kind: HarnessFailure.Kind, under schedule: Schedule, options: RunOptions = RunOptions(),
        sourceLocation: SourceLocation = #_sourceLocation,
        _ body: @escaping @Sendable () async throws -> Void
    ) async -> (HarnessFailure, Duration)? {
        let started = ContinuousClock.now
        do {
            _ = try await run(schedule, options: options, body)
            Issue.record("expected \(kind.rawValue) under \(schedule), but the scenario finished", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.kind == kind, "expected \(kind.rawValue), got: \(error)", sourceLocation: sourceLocation)
            return (error, started.duration(to: .now))
        }
    }

    @Test("a continuation never resumed is a deadlock, reported at once", arguments: [Schedule.strict, .seeded(5)])
    func neverResumed(schedule: Schedule) async throws {
        let (failure, took) = try #require(await expectFailure(.deadlock, under: schedule) {
            ScenarioLog.note("waiting for a continuation nobody keeps")
            await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
        })
        #expect(took < .seconds(1), "deadlock detection took \(took)")
        #expect(failure.description.contains("waiting for a continuation nobody keeps"), "the note should be in: \(failure)")
        #expect(failure.description.contains("continuation never resumed"))
    }

    @Test("a job that blocks the one thread fails within a second, naming the schedule")
    func blockedThread() async throws {
        var options = RunOptions()
        options.blockedThreadLimit = .milliseconds(300)
        let (failure, took) = try #require(await expectFailure(.blockedThread, under: .strict, options: options) {
            usleep(600_000)  // a blocking call on the pool's only thread
        })
        #expect(took < .seconds(1), "blocked-thread detection took \(took)")
        #expect(failure.description.contains("blocked the strict pool's only thread"), "\(failure)")
        #expect(failure.description.contains("strict"))
    }

    @Test("a Task {} left running after the scenario returns is leftover work")
    func leftovers() async throws {
        _ = await expectFailure(.leftovers, under: .seeded(3)) {
            Task {
                while !Task.isCancelled { try? await Task.sleep(for: .seconds(1)) }
            }
        }
    }

    @Test("leftovers can be allowed, and are still counted")
    func leftoversAllowed() async throws {
        let options = RunOptions { $0.leftovers = .allow }
        let run = try #require(await runRecordingIssues(.seeded(3), options: options) {
            Task { for _ in 0..<3 { try? await Task.sleep(for: .seconds(1)) } }
            return 0
        })
        #expect(run.leftoverJobs > 0)
    }

    @Test("a loop that never ends under virtual time hits the job limit instead of hanging")
    func endlessLoop() async throws {
        let options = RunOptions { $0.jobLimit = 10_000 }
        _ = await expectFailure(.timedOut, under: .seeded(1), options: options) {
            while true { await Task.yield() }
        }
    }

    @Test("an error thrown by the scenario is reported as such")
    func threw() async throws {
        struct Boom: Error {}
        let (failure, _) = try #require(await expectFailure(.threw, under: .strict) { throw Boom() })
        #expect(failure.underlying is Boom)
    }
}
