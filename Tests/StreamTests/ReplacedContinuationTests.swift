import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// `Source` is `@MainActor`, as in the lesson: inside a run its loops run on the harness's thread, on the main actor
/// there, so a loop nobody will ever end is a deadlock at once.
@Suite("L40 Q2: a continuation replaced", scaledTimeLimit(minutes: 1))
struct ReplacedContinuationTests {
    @Test("L40 Q2: a replaced continuation strands the first loop: the harness sees a deadlock")
    func replacedContinuationStrandsTheFirstLoop() async {
        await verify(Claim(
            "nothing can yield to the first stream or finish it once its continuation was replaced: the first loop waits "
                + "forever", runs: [.strict], options: .mainActorScenario, expect: .fails(.deadlock),
            control: .counterfactual("the old continuation finished before it is replaced") {
                await streamReplacedContinuation(.finishOld)
            }) {
                await streamReplacedContinuation(.keepFirst)
            })
    }

    @Test("L40 Q2: the stranded first loop ends only when its task is cancelled")
    func strandedLoopEndsWhenCancelled() async {
        await verify(Claim(
            "stop() finishes only the second stream, and the first loop, stranded by the replaced continuation, should "
                + "still be waiting after it — it ends only with its task's cancel",
            runs: [.strict], options: .mainActorScenario,
            expect: Expectation(every: .equals([
                "the second loop ended, with [1, 2]", "after stop(), the first loop is still waiting",
                "the first loop ended, with []",
            ])),
            control: .counterfactual("the old continuation finished before it is replaced") {
                await streamReplacedContinuation(.finishOld)
            }) {
                await streamReplacedContinuation(.cancelFirst)
            })
    }

    @Test("L40 Q2 fixed: finishing the old continuation before replacing it ends the first loop")
    func finishingTheOldEndsTheFirstLoop() async {
        await verify(Claim(
            "values() should finish the old stream before it makes a new one, so the first loop ends, with nothing, as "
                + "soon as the second begins",
            runs: [.strict], options: .mainActorScenario,
            expect: Expectation(every: .equals(["the first loop ended, with []", "the second loop ended, with [1, 2]"])),
            control: .counterfactual("the first loop's task cancelled instead") {
                await streamReplacedContinuation(.cancelFirst)
            }) {
                await streamReplacedContinuation(.finishOld)
            })
    }
}
