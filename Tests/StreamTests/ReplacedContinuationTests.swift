import Harness
import HarnessTesting
import Scenarios
import Testing

/// `Source` is `@MainActor`, as in the lesson: inside a run its loops run on the harness's thread, on the main actor
/// there, so a loop nobody will ever end is a deadlock at once.
@Suite("L40 Q2: a continuation replaced", scaledTimeLimit(minutes: 1))
struct ReplacedContinuationTests {
    @Test("L40 Q2: a replaced continuation strands the first loop: the harness sees a deadlock")
    func replacedContinuationStrandsTheFirstLoop() async throws {
        await expectFailure(
            .deadlock, under: .strict, options: .mainActorScenario,
            "nothing can yield to the first stream or finish it once its continuation was replaced: the first loop waits forever"
        ) { await streamReplacedContinuation(.keepFirst) }
    }

    @Test("L40 Q2: the stranded first loop ends only when its task is cancelled")
    func strandedLoopEndsWhenCancelled() async throws {
        let expected = [
            "the second loop ended, with [1, 2]", "after stop(), the first loop is still waiting",
            "the first loop ended, with []",
        ]
        let run = try #require(
            await runRecordingIssues(.strict, options: .mainActorScenario) { await streamReplacedContinuation(.cancelFirst) })
        #expect(run.value == expected, """
            the console was \(run.value): stop() finishes only the second stream, and the first loop, stranded by \
            the replaced continuation, should still be waiting after it — it ends only with its task's cancel
            """)
    }

    @Test("L40 Q2 fixed: finishing the old continuation before replacing it ends the first loop")
    func finishingTheOldEndsTheFirstLoop() async throws {
        let expected = ["the first loop ended, with []", "the second loop ended, with [1, 2]"]
        let run = try #require(
            await runRecordingIssues(
                .strict, options: .mainActorScenario,
                claim: "finishing the old continuation before replacing it must end the first loop"
            ) { await streamReplacedContinuation(.finishOld) })
        #expect(run.value == expected, """
            the console was \(run.value): values() should finish the old stream before it makes a new one, so the \
            first loop ends, with nothing, as soon as the second begins
            """)
    }
}
