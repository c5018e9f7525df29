@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("A deadlock is reported, never waited out: the run ends in a deadlock failure", scaledTimeLimit(minutes: 1))
struct DeadlockReportTests {
    @Test("a scenario that awaits a continuation nobody resumes ends its run in a deadlock failure, its thread held for no second",
          arguments: [Schedule.strict, .seeded(1)])
    func deadlockEndsTheRun(schedule: Schedule) async throws {
        // Watched from outside: a harness that saw the deadlock and never said so would keep its thread, and a test
        // that only awaited the run would end at the suite's time limit, minutes later.
        switch await watchedRun(schedule, { () async -> Int in await waitForAResumeNobodyMakes() }) {
        case .ended(.success(let run)):
            Issue.record("a continuation nobody resumes returned \(run.value)")
        case .ended(.failure(let failure)):
            #expect(failure.kind == .deadlock && !failure.hitTimeLimit, "expected a deadlock: \(failure)")
        case .held(let held):
            Issue.record("""
                under \(schedule) the run's thread held \(HarnessFailure.format(held)) of real time (asleep or running while the machine had \
                a CPU to spare) and the run had not ended: nothing can resume its scenario, and it does not say so
                """)
        }
    }
}
