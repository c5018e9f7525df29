import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// The completers are `@MainActor`, as in the lesson. These run under the real schedules: under `strict` the main
/// actor's work runs on the harness's thread, in order; on the real pool on the main executor, where a stranded
/// waiter is reported once the whole process stands still (`RunOptions.mainActorScenario`).
@Suite("L40 steps 4–6: the completer as an async sequence and as a stream", scaledTimeLimit(minutes: 1))
struct PlaceCompleterStreamTests {
    @Test("L40 step 6: the PlaceCompleter stream delivers only the newest list, and cancels the search when its consumer goes",
          arguments: [Runs.strict, .system])
    func newestOnlyThenCancelTheSearch(runs: Runs) async {
        await verify(Claim(
            "with .bufferingNewest(1) three lists that came before the editor read leave only the newest, Portl's; "
                + "nothing cancels the search while the editor listens, and when the editor's task is cancelled its loop "
                + "ends and onTermination cancels the search, once",
            runs: [runs], options: .mainActorScenario,
            expect: Expectation(every: Condition("[[Portland, Portsmouth]], no cancel while listening, one after") { run in
                run.lists == [["Portland", "Portsmouth"]] && run.cancelsWhileListening == 0 && run.cancelsAfterwards == 1
                    ? nil : "lists \(run.lists), \(run.cancelsWhileListening) cancels while listening, "
                        + "\(run.cancelsAfterwards) afterwards"
            }),
            control: .none(why: "the stream's buffering and its onTermination are the library's: no other shape here")) {
                await placeCompleterStreamNewestThenClose()
            })
    }

    @Test("L40 step 4: for await over the completer itself, through @MainActor isolated conformances",
          arguments: [Runs.strict, .system])
    func forAwaitOverTheCompleter(runs: Runs) async {
        await verify(Claim(
            "each list must be handed to the loop's waiting next() by a resume, the newest first: the loop gets Portl's "
                + "list (which overtook Seattle's before anyone asked), then the one that came while it waited",
            runs: [runs], options: .mainActorScenario,
            expect: Expectation(every: .equals([["Portland", "Portsmouth"], ["Portsmouth"]])),
            control: .none(why: "the sequence's hand-over is the subject's only shape")) {
                await placeCompleterSequenceLoop()
            })
    }
}
