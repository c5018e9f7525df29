import Harness
import HarnessTesting
import Scenarios
import Testing

/// The completers are `@MainActor`, as in the lesson. These run under the real schedules: under `strict` the main
/// actor's work runs on the harness's thread, in order; on the real pool on the main executor, where a stranded
/// waiter is reported once the whole process stands still (`RunOptions.mainActorScenario`).
@Suite("L40 steps 4–6: the completer as an async sequence and as a stream", scaledTimeLimit(minutes: 1))
struct PlaceCompleterStreamTests {
    @Test(
        "L40 step 6: the PlaceCompleter stream delivers only the newest list, and cancels the search when its consumer goes",
        arguments: realSchedules)
    func newestOnlyThenCancelTheSearch(schedule: Schedule) async throws {
        let run = try #require(
            await runRecordingIssues(schedule, options: .mainActorScenario) { await placeCompleterStreamNewestThenClose() })
        #expect(run.value.lists == [["Portland", "Portsmouth"]], """
            the editor got \(run.value.lists): with .bufferingNewest(1) three lists that came before the editor read \
            leave only the newest, Portl's
            """)
        #expect(run.value.cancelsWhileListening == 0, """
            the search was cancelled \(counted(run.value.cancelsWhileListening, "time")) while the editor listened: nothing \
            should cancel it then
            """)
        #expect(run.value.cancelsAfterwards == 1, """
            the search was cancelled \(counted(run.value.cancelsAfterwards, "time")) in all, not once: when the editor's task is \
            cancelled its loop ends, and onTermination should cancel the search, once
            """)
    }

    @Test(
        "L40 step 4: for await over the completer itself, through @MainActor isolated conformances",
        arguments: realSchedules)
    func forAwaitOverTheCompleter(schedule: Schedule) async throws {
        let run = try #require(
            await runRecordingIssues(
                schedule, options: .mainActorScenario,
                claim: "each list must be handed to the loop's waiting next() by a resume, the newest first"
            ) { await placeCompleterSequenceLoop() })
        #expect(run.value == [["Portland", "Portsmouth"], ["Portsmouth"]], """
            the loop got \(run.value): it should get the newest list that was waiting (Portl's, which overtook \
            Seattle's before anyone asked), then the one that came while it waited — each handed to the waiting \
            next() by a resume
            """)
    }
}
