import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A flag the test raises to let a spinning job go once its run has been judged.
final class StopFlag: Sendable {
    /// Whether the spin may end.
    let raised = Atomic<Bool>(false)
}

@Suite("A spin-wait on the clock in a seeded run is named for what it is", scaledTimeLimit(minutes: 1))
struct SpinWaitTests {
    @Test("a loop waiting for ContinuousClock.now to pass a deadline fails as a blocked thread naming the seeded run and the standing clock", .needs(.virtualClock))
    func spinOnTheClockIsNamed() async {
        var options = RunOptions()
        options.blockedThreadLimit = .milliseconds(300)
        let stop = StopFlag()
        // Let the spinning job go however the run ends, so that it does not burn a CPU for the rest of the process.
        defer { stop.raised.store(true, ordering: .relaxed) }
        do {
            _ = try await run(.seeded(0x5), options: options) {
                let clock = ContinuousClock()
                let deadline = clock.now + .milliseconds(10)
                while clock.now < deadline, !stop.raised.load(ordering: .relaxed) {}
                return 1
            }
            Issue.record("the spin ended by itself: the clock moved inside a job")
        } catch {
            #expect(error.kind == .blockedThread)
            #expect(error.summary.contains("In seeded(0x0000000000000005) the clock stands still inside a job")
                    && error.summary.contains("Task.sleep(until:)"), "\(error.summary)")
        }
    }
}
