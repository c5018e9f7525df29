import Foundation
import Synchronization
@testable import ConcurrencyHarness
import ConcurrencyProofsScenarios
import ConcurrencyHarnessTesting
import Testing

@Suite("Exploration strategies on real runs", scaledTimeLimit(minutes: 1))
struct ExplorationStrategyTests {
    @Test("exhaustive visits every schedule of 2 bees pouring with an await inside (960), and finds both outcomes: 2 and 4 drops",
          runsWithoutASeed)
    func exhaustiveCompletes() async throws {
        let exploration = try await explore("drops", seeds: 10_000, strategy: .exhaustive(preemptionBound: nil)) {
            await yieldingPours(2)
        }
        #expect(exploration.failures.isEmpty, "\(exploration)")
        #expect(exploration.exhausted && !exploration.bounded, "every schedule should be visited: \(exploration)")
        #expect(exploration.runs.count == 960 && exploration.coverage == " — all 960 schedules", "\(exploration)")
        // Every write is what a bee saw + 2: 4 when the reads do not overlap, 2 when both read 0.
        #expect(Set(exploration.outcomes) == [2, 4], "\(exploration)")
        #expect(Set(exploration.runs.map(\.interleaving)).count == exploration.runs.count,
                "each schedule is visited once: \(exploration.runs.count) runs")
    }

    @Test("exhaustive with at most 2 preemptions finds every outcome of 3 bees pouring with an await inside: 2, 4 and 6",
          runsWithoutASeed)
    func exhaustiveBoundedFindsEveryOutcome() async throws {
        let exploration = try await explore("drops", seeds: 10_000, strategy: .exhaustive(preemptionBound: 2)) {
            await yieldingPours(3)
        }
        #expect(exploration.exhausted && exploration.bounded, "\(exploration)")
        // The count stays even (each write is a read + 2); 6 when no reads overlap, 2 when all read 0.
        #expect(Set(exploration.outcomes) == [2, 4, 6], "\(exploration)")
    }

    @Test("exhaustive over the lesson's 3-bee slow pour (read, sleep 10 ms, write) finds its one outcome: 1 drop", .needs(.timers),
          runsWithoutASeed)
    func exhaustiveSlowPour() async throws {
        let exploration = try await explore("drops", seeds: 10_000, strategy: .exhaustive(preemptionBound: 2)) {
            try await concurrentSlowPours(3)
        }
        // Every bee reads before any sleep ends, so each writes 0 + 1, whatever the order.
        #expect(exploration.exhausted && exploration.failures.isEmpty && Set(exploration.outcomes) == [1], "\(exploration)")
        #expect(exploration.runs.count > 100, "the pours interleave in many ways: \(exploration)")
    }

    @Test("exhaustive with bound 0 runs the one calm schedule, where no bee comes between another's read and write",
          runsWithoutASeed)
    func exhaustiveBoundZero() async throws {
        let exploration = try await explore("drops", seeds: 100, strategy: .exhaustive(preemptionBound: 0)) {
            await yieldingPours(3)
        }
        #expect(exploration.runs.count == 1 && exploration.outcomes == [6] && exploration.bounded, "\(exploration)")
    }

    @Test("PCT with depth 1 never interrupts a bee inside the jar: the jar's job runs at the priority of the bee that scheduled it")
    func pctDepthOneRunsEachBeeWhole() async throws {
        // A bee yields inside the yielding jar; the jar's job that resumes her must not get a random
        // priority of its own, or a depth-1 run (no change point) would let another bee in between.
        let exploration = try await explore("drops", seeds: 40, strategy: .pct(depth: 1)) { await yieldingPours(3) }
        #expect(exploration.failures.isEmpty && Set(exploration.outcomes) == [6], """
            \(exploration): with no change point the bee of highest priority runs on after her await inside \
            the jar, so no bee comes between another's read and write, and every run leaves 6
            """)
    }

    @Test("PCT finds the lost drops of 100 bees within a few seeds")
    func pctFindsLostDrops() async throws {
        let exploration = try await explore("drops", seeds: 10, strategy: .pct(depth: 3)) { await yieldingPours(100) }
        #expect(exploration.seeds { $0 < 200 }.count >= 3, "\(exploration)")
    }

    @Test("a replayed interleaving gives the seeded run's schedule and outcome again", arguments: [UInt64(1), 2, 0x5eed])
    func replayMatchesSeeded(seed: UInt64) async throws {
        let seeded = try await run(.seeded(seed)) { await racingAppends() }
        let replayed = try await run(.replay(seeded.interleaving)) { await racingAppends() }
        #expect(replayed.value == seeded.value && replayed.scheduleHash == seeded.scheduleHash,
                "seed \(Seed.format(seed)): \(seeded.value) then \(replayed.value) under \(seeded.interleaving)")
    }

    @Test("a task's key is the id the runtime prints for its job")
    func taskKeyIsTheJobsID() {
        let executor = RecordingExecutor()
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<3 { group.addTask { await Task.yield() } }
            }
            done.signal()
        }
        executor.runUntil(done)
        let checked = executor.checked.withLock { $0 }
        #expect(checked.count >= 6, "jobs seen: \(checked)")
        for (printed, key) in checked {
            if printed == "nil" {
                #expect(key >> 63 == 1, "a job without an id is known by its address, top bit set")
            } else {
                #expect(printed == String(key), "UnownedJob(id: \(printed)) but key \(key): the Job header's layout changed")
            }
        }
    }
}

/// A task executor that runs its jobs on the calling thread and records each job's printed id
/// beside `OneThreadExecutor.taskKey`.
final class RecordingExecutor: TaskExecutor, Sendable {
    /// Jobs waiting to run.
    let queue = Mutex<[UnownedJob]>([])
    /// (id as `UnownedJob.description` prints it, key) per job.
    let checked = Mutex<[(String, UInt64)]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let printed = String(job.description.dropFirst("UnownedJob(id: ".count).dropLast())
        checked.withLock { $0.append((printed, OneThreadExecutor.taskKey(job))) }
        queue.withLock { $0.append(job) }
    }

    /// Runs jobs on this thread until `done` is signalled.
    func runUntil(_ done: DispatchSemaphore) {
        while done.wait(timeout: .now() + .milliseconds(1)) == .timedOut {
            for job in queue.withLock({ jobs in defer { jobs = [] }; return jobs }) {
                job.runSynchronously(on: asUnownedTaskExecutor())
            }
        }
    }
}

@Suite("Shrinking a counterexample", scaledTimeLimit(minutes: 1))
struct ShrinkTests {
    @Test("100 bees losing drops under a random seed shrink to one preemption: one bee comes between another's read and write")
    func lostDropsShrinkToOnePreemption() async throws {
        let exploration = try await explore("drops", seeds: 5) { await yieldingPours(100) }
        let failing = try #require(exploration.runs.first { (try? $0.result.get()).map { $0 != 200 } ?? false },
                                   "some seed should lose drops: \(exploration)")
        let shrunk = try #require(await exploration.shrink(failing, budget: 300) { result in
            (try? result.get()).map { $0 != 200 } ?? false
        })
        #expect(shrunk.original.preemptions > 10, "a random schedule of 100 bees preempts often: \(shrunk.original.preemptions)")
        #expect(shrunk.preemptions == 1, "shrunk to \(shrunk.preemptions) preemptions in \(shrunk.runs) runs: \(shrunk.interleaving)")
        // One bee read what another had read before it wrote: one pour of two drops lost.
        #expect((try? shrunk.result.get()) == 198, "\(shrunk.result)")
        #expect(shrunk.runs <= 300)
        let again = try await run(.replay(shrunk.interleaving)) { await yieldingPours(100) }
        #expect(again.value == 198, "the shrunk string \(shrunk.interleaving) replays the failure")
    }

    @Test("a slow machine shrinks as far as a quiet one: the budget counts runs, never seconds")
    func slowRunsShrinkAsFar() async throws {
        // While shrinking, each run first sleeps 1 s of real time on the harness thread, in five jobs: a machine a
        // few hundred times slower than this one for a scenario this small. A budget of seconds (the old 5 s)
        // stopped after five runs, before the one preemption was found.
        let slow = Atomic<Bool>(false)
        let slowPours: @Sendable () async -> Int = {
            for _ in 0..<5 where slow.load(ordering: .relaxed) {
                usleep(200_000)
                await Task.yield()
            }
            return await yieldingPours(6)
        }
        let exploration = try await explore("slow drops", seeds: 20, slowPours)
        slow.store(true, ordering: .relaxed)
        let failing = try #require(exploration.runs.first { (try? $0.result.get()).map { $0 != 12 } ?? false },
                                   "some seed should lose drops: \(exploration)")
        let started = ContinuousClock.now
        let shrunk = try #require(await exploration.shrink(failing, budget: 300) { result in
            (try? result.get()).map { $0 != 12 } ?? false
        })
        let took = started.duration(to: .now)
        #expect(took > .seconds(5), "the runs took \(took): the test shows nothing unless they outlast the old 5 s")
        #expect(!shrunk.stoppedAtBudget && shrunk.preemptions == 1,
                "\(shrunk.runs) runs in \(took) shrank it to \(shrunk.preemptions) preemptions: \(shrunk.interleaving)")
    }
}
