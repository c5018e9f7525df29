import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// A plain (default) actor: the target of the hops.
actor HopCounter {
    /// How many bumps arrived.
    private(set) var count = 0
    /// One bump, with no await inside: the actor is busy only while it runs.
    func bump() { count += 1 }
}

/// An actor on an executor that is not its own default one — the main actor's, which a run serves on its thread:
/// entering it means handing the task to that executor.
actor MainExecutorCounter {
    nonisolated var unownedExecutor: UnownedSerialExecutor { MainActor.sharedUnownedExecutor }
    /// How many bumps arrived.
    private(set) var count = 0
    /// One bump.
    func bump() { count += 1 }
}

/// The jobs one run of `body` took under `schedule`.
func jobsOf(_ schedule: Schedule, sourceLocation: SourceLocation = #_sourceLocation,
            _ body: @escaping @Sendable () async -> Void) async throws -> Int {
    try await run(schedule) { await body() }.jobs
}

/// Where exploration has choice points: a job is one, a hop that is not a job is not. On a harness thread the
/// runtime enters a free default actor in place (no job) from a task that has the thread to itself; a hop to an actor
/// with another executor, or back to the run's own body, is handed to an executor (a job each way). A release build
/// may merge a loop's hops (in and out once): the counts below are upper bounds there, exact in debug.
@Suite("Which actor hops are jobs on a harness thread", scaledTimeLimit(minutes: 1))
struct ActorHopTests {
    @Test("a task alone calling a free default actor takes no job per call: 100 calls run no more jobs than 1 call, plus one",
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func freeDefaultActorIsEnteredInPlace(_ schedule: Schedule) async throws {
        let once = try await jobsOf(schedule) { let counter = HopCounter(); await Task { await counter.bump() }.value }
        let hundred = try await jobsOf(schedule) {
            let counter = HopCounter()
            await Task { for _ in 0..<100 { await counter.bump() } }.value
        }
        #expect(hundred <= once + 1, "1 call ran \(once) jobs, 100 calls \(hundred): a hop into a free actor is no job here")
    }

    @Test("a task calling an actor on another executor (the main actor's) 10 times runs 20 more jobs than calling it once: every hop is a job",
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func actorOnAnotherExecutorIsAJobEachWay(_ schedule: Schedule) async throws {
        let once = try await jobsOf(schedule) { let counter = MainExecutorCounter(); await Task { await counter.bump() }.value }
        let ten = try await jobsOf(schedule) {
            let counter = MainExecutorCounter()
            await Task { for _ in 0..<10 { await counter.bump() } }.value
        }
        #if DEBUG
        #expect(ten - once == 20, "1 call ran \(once) jobs, 10 calls \(ten): every hop to that executor and back is a job")
        #else
        #expect(ten - once <= 20, "1 call ran \(once) jobs, 10 calls \(ten) (release may merge a loop's hops)")
        #endif
    }

    @Test("the run's own body calling a free default actor 10 times runs 18 more jobs than calling it once: one each way",
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func runBodyHopsAreJobs(_ schedule: Schedule) async throws {
        let once = try await jobsOf(schedule) { await HopCounter().bump() }
        let ten = try await jobsOf(schedule) {
            let counter = HopCounter()
            for _ in 0..<10 { await counter.bump() }
        }
        #if DEBUG
        #expect(ten - once == 18, "1 call ran \(once) jobs, 10 calls \(ten): the body's executor is not the pool's")
        #else
        #expect(ten - once <= 18, "1 call ran \(once) jobs, 10 calls \(ten) (release may merge a loop's hops)")
        #endif
    }
}
