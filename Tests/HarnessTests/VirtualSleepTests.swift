@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("Virtual time costs no real time: a seeded run's sleeps are never slept", scaledTimeLimit(minutes: 1))
struct VirtualSleepTests {
    @Test("three one-hour sleeps under a seed end with the clock at 3 h, the run's thread holding no real second for them",
          .needs(.timers, .virtualClock))
    func sleepsAreNotSlept() async throws {
        // Watched from outside: a harness that slept for real would hold its thread an hour a sleep, and a test that
        // only awaited the run would end at the suite's time limit, minutes later.
        switch await watchedRun(.seeded(3), { () async throws -> Duration in
            for _ in 0..<3 { try await Task.sleep(for: .seconds(3_600)) }
            return ScenarioClock.elapsed
        }) {
        case .ended(let result):
            let run = try result.get()
            #expect(run.value == .seconds(10_800) && run.elapsed == .seconds(10_800),
                    "three virtual hours: the scenario's clock read \(run.value), the run's \(run.elapsed)")
        case .held(let held):
            Issue.record("""
                the run's thread held \(HarnessFailure.format(held)) of real time (asleep, or running, while the machine \
                had a CPU to spare) and the run had not ended: its three virtual hours of sleep are costing real time
                """)
        }
    }
}
