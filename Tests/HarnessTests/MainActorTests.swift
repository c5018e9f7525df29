import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Main-actor helpers for the tests below.
@MainActor enum OnMain {
    /// Where this main-actor code ran: on the harness thread, and isolated to the main actor as the runtime sees it.
    static func whereAmI() -> [Bool] {
        [isOnHarnessThread(), MainActor.assumeIsolated { true }]
    }

    /// Waits for a continuation nobody resumes.
    static func waitForever() async {
        let _: Void = await waitForAResumeNobodyMakes()
    }
}

/// A main-actor class, as the lessons' completers are.
@MainActor final class MainCounter {
    /// What was counted, in order.
    var seen: [Int] = []
    /// Counts `n`.
    func count(_ n: Int) { seen.append(n) }
}

@Suite("The main actor inside a run: on the harness thread, in order, replayable", scaledTimeLimit(minutes: 1))
struct MainActorTests {
    @Test("@MainActor functions, MainActor.run, Task { @MainActor in } and a @MainActor class all run on the harness thread",
          arguments: [Schedule.strict, .seeded(3)])
    func mainActorIsInside(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) {
            let function = await OnMain.whereAmI()
            let viaRun = await MainActor.run { isOnHarnessThread() }
            let task = await Task { @MainActor in isOnHarnessThread() }.value
            let counter = MainCounter()
            await counter.count(1)
            let method = await MainActor.run { counter.seen == [1] && isOnHarnessThread() }
            return function + [viaRun, task, method]
        }
        #expect(run.value == [true, true, true, true, true],
                "[function on the harness, assumeIsolated, MainActor.run, Task { @MainActor }, class]: \(run.value)")
    }

    @Test("the main actor's jobs keep their order under every seed, as a serial queue does; other tasks' do not")
    func mainActorIsSerial() async throws {
        await verify(Claim("Task { @MainActor in } jobs run in the order they were made", runs: [.seeds(100)],
                           expect: Expectation(every: .equals(Array(0..<8))),
                           control: .counterfactual("plain Task {} jobs, ordered by the seed") { () async -> [Int] in
                               let log = Log()
                               let tasks = (0..<8).map { n in Task { await log.append(n) } }
                               for task in tasks { await task.value }
                               return await log.entries
                           }) { () async -> [Int] in
            let counter = MainCounter()
            let tasks = (0..<8).map { n in Task { @MainActor in counter.count(n) } }
            for task in tasks { await task.value }
            return await counter.seen
        })
    }

    // With no grace (the default) an empty queue is a deadlock at once; `deadlock`, not `time limit`, says that
    // is how the run ended, without timing it.
    @Test("a main-actor waiter nobody resumes is a deadlock, reported at once")
    func strandedMainActorWaiter() async throws {
        await verify(Claim("a main-actor task waiting for nothing", runs: [.strict], expect: .fails(.deadlock),
                           control: .counterfactual("a main-actor call that returns") { await OnMain.whereAmI() }) {
            await OnMain.waitForever()
            return [Bool]()
        })
    }

    @Test("a main-actor scenario replays exactly: same seed, same schedule", arguments: [UInt64(1), 2, 99])
    func mainActorReplays(seed: UInt64) async throws {
        _ = try await checkDeterminism(seed: seed) { () async -> [Int] in
            let counter = MainCounter()
            await withTaskGroup(of: Void.self) { group in
                for n in 0..<6 {
                    group.addTask { await counter.count(n); await Task.yield(); await counter.count(n + 10) }
                }
            }
            return await counter.seen
        }
    }

    @Test("main-actor work outside any run still reaches the real main actor, beside a run")
    func outsideStaysReal() async throws {
        let inside = Task { try await run(.seeded(5)) { await OnMain.whereAmI() } }
        let outside = await MainActor.run { isOnHarnessThread() }
        let insideValue = try await inside.value.value
        #expect(outside == false, "main-actor work started outside a run must not land on a harness thread")
        #expect(insideValue == [true, true])
    }
}
