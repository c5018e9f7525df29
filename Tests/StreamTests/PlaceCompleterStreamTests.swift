import Harness
import HarnessTesting
import Scenarios
import Testing

/// The completers are `@MainActor`, as in the lesson: their work runs on the main executor, outside the harness, so
/// these run under the real schedules with `outsideWork`; seeds would not steer the main actor.
@Suite("L40 steps 4–6: the completer as an async sequence and as a stream", .timeLimit(.minutes(1)))
struct PlaceCompleterStreamTests {
    @Test(
        "L40 step 6: the PlaceCompleter stream delivers only the newest list, and cancels the search when its consumer goes",
        arguments: realSchedules)
    func newestOnlyThenCancelTheSearch(schedule: Schedule) async throws {
        let run = try #require(
            await runRecordingIssues(schedule, options: .outsideWork) { await placeCompleterStreamNewestThenClose() })
        #expect(
            run.value.lists == [["Portland", "Portsmouth"]],
            ".bufferingNewest(1): three lists came before the editor read, and it should get only the newest")
        #expect(run.value.cancelsWhileListening == 0, "nothing should cancel the search while the editor listens")
        #expect(
            run.value.cancelsAfterwards == 1,
            "when the editor's task is cancelled, onTermination should cancel the search, once")
    }

    @Test(
        "L40 step 4: for await over the completer itself, through @MainActor isolated conformances",
        arguments: realSchedules)
    func forAwaitOverTheCompleter(schedule: Schedule) async throws {
        let run = try #require(
            await runRecordingIssues(schedule, options: .outsideWork) { await placeCompleterSequenceLoop() })
        #expect(run.value == [["Portland", "Portsmouth"], ["Portsmouth"]], """
            the loop got \(run.value): it should get the newest list that was waiting (Portl's, which overtook \
            Seattle's before anyone asked), then the one that came while it waited — each handed to the waiting \
            next() by a resume
            """)
    }
}
