import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("Q&A seed: resuming a checked continuation", scaledTimeLimit(minutes: 1))
struct ContinuationResumeTests {
    @Test("Q&A seed: a continuation resumed from another thread hands its task the answer")
    func resumedFromAnotherThread() async {
        await verify(Claim(
            "the callback's thread resumed the continuation: the task should get Seattle",
            runs: [.strict, .seeds(20)], expect: Expectation(every: .equals("Seattle")),
            control: .counterfactual("the answer read without waiting for the callback") { callbackReadWithoutWaiting() }) {
                await continuationResumedFromAnotherThread()
            })
    }

    @Test(
        "Q&A seed: resume(with:) forwards a Result: a success is returned, a failure thrown",
        arguments: [
            (Result<String, Lost>.success("Seattle"), "Seattle"), (.failure(Lost()), "threw Lost()"),
        ])
    func resumeWithResult(result: Result<String, Lost>, expected: String) async {
        let other: Result<String, Lost> = if case .success = result { .failure(Lost()) } else { .success("Seattle") }
        await verify(Claim(
            "resume(with: \(result)) should come out of the await as \(expected)",
            runs: [.seeds(20)], expect: Expectation(every: .equals(expected)),
            control: .counterfactual("resume(with: \(other))") { await continuationResumed(with: other) }) {
                await continuationResumed(with: result)
            })
    }
}
