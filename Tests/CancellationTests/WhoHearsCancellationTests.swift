import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("L37/L38: who hears a parent's cancellation", scaledTimeLimit(minutes: 1))
struct WhoHearsCancellationTests {
    /// What lessons 37 and 38 printed.
    static let onlyTheChild = WhoHearsCancellation(
        asyncLetChild: "async let child: cancelled", unstructuredTask: "Task { }: finished",
        detachedTask: "Task.detached: finished")

    @Test("L37 Q6, L38 Q6: the async let child is cancelled with its parent; Task {} and Task.detached are not", .needs(.timers))
    func onlyTheChildIsCancelled() async {
        await verify(Claim(
            "only the async let child is structured: cancelling the parent reaches it, and neither Task {} nor "
                + "Task.detached, which are nobody's children",
            expect: Expectation(every: .equals(Self.onlyTheChild)),
            control: .counterfactual("async let children where the Task {} and the Task.detached are") {
                await whoHearsCancellation(shape: .asyncLets)
            }) {
                await whoHearsCancellation()
            })
    }

    @Test("L37 cards: a @concurrent function sees its caller's cancellation; a detached task does not", .needs(.timers))
    func concurrentSeesItDetachedDoesNot() async {
        await verify(Claim(
            "@concurrent moves the same task to the pool, so it sees the cancel; Task.detached is a new task with none "
                + "of the caller's cancellation",
            expect: Expectation(every: .equals(ConcurrentVersusDetached(
                asyncLet: "async let: cancelled", detached: "detached: finished", concurrentSawCancellation: true))),
            control: .counterfactual("the @concurrent function's look made in a Task.detached") {
                await concurrentVersusDetached(shape: .concurrentAsDetached)
            }) {
                await concurrentVersusDetached()
            })
    }
}
