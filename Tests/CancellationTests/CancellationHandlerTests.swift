import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("Q&A seed: withTaskCancellationHandler", scaledTimeLimit(minutes: 1))
struct CancellationHandlerTests {
    @Test("Q&A seed: withTaskCancellationHandler runs onCancel at once, inside cancel(), and stops the old request", .needs(.timers))
    func onCancelRunsAtOnce() async {
        await verify(Claim(
            "onCancel should run immediately — before cancel() returns — and stop the legacy request, instead of the "
                + "task waiting for it",
            expect: Expectation(every: .equals([
                "request started", "onCancel ran", "cancel() returned", "request ended: cancelled", "the task ended",
            ])),
            control: .counterfactual("no cancellation handler: the request stopped by hand after cancel()") {
                await cancellationHandlerRunsAtOnce(shape: .withoutHandler)
            }) {
                await cancellationHandlerRunsAtOnce()
            })
    }
}
