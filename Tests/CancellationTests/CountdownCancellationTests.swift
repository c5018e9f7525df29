import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Which numbers come before the cancel is a race in time (ticks at 200, 400, 600 ms, the cancel at 500 ms): exact
/// only in virtual time, so these run under seeds alone. On the real strict pool a loaded machine moved the cancel
/// before the second tick and after the third (seen in a soak), so no count there holds however late a thread wakes.
@Suite("L40 Q11: a while let over a slow countdown in a cancelled task", scaledTimeLimit(minutes: 1))
struct CountdownCancellationTests {
    @Test("L40 Q11: the countdown whose try? swallows cancellation runs to its end", .needs(.timers))
    func swallowingCountdownRunsOn() async {
        await verify(Claim(
            "cancelling sets a flag and stops nothing: a next() that never looks — and whose try? swallows the "
                + "sleep's error — should hand out 1 too",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals([
                "got 3 — cancelled: false", "got 2 — cancelled: false", "got 1 — cancelled: true", "the loop ended",
            ])),
            control: .counterfactual("the countdown that ends on cancellation") {
                await countdownCancelledAfterTwo(.endingOnCancellation)
            }) {
                await countdownCancelledAfterTwo(.swallowing)
            })
    }

    @Test("L40 Q11: the countdown that answers nil when its sleep throws stops after 2", .needs(.timers))
    func endingCountdownStops() async {
        await verify(Claim(
            "the sleep throws once the task is cancelled, next() should answer nil, and the third number never come",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals(["got 3 — cancelled: false", "got 2 — cancelled: false", "the loop ended"])),
            control: .counterfactual("the countdown that swallows cancellation") {
                await countdownCancelledAfterTwo(.swallowing)
            }) {
                await countdownCancelledAfterTwo(.endingOnCancellation)
            })
    }
}
