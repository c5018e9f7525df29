import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("Q&A seed: resuming a checked continuation", .timeLimit(.minutes(1)))
struct ContinuationResumeTests {
    @Test("Q&A seed: a continuation resumed from another thread hands its task the answer")
    func resumedFromAnotherThread() async throws {
        let exploration = try #require(
            await exploreRecordingIssues("answer", seeds: 20, options: .waitForOwnThreads) {
                await continuationResumedFromAnotherThread()
            })
        expectEverySeed(exploration, "the callback's thread resumed the continuation: the task should get Seattle") {
            $0 == "Seattle"
        }
        let strict = try #require(
            await runRecordingIssues(.strict, options: .waitForOwnThreads) { await continuationResumedFromAnotherThread() })
        #expect(strict.value == "Seattle", "under strict")
    }

    @Test(
        "Q&A seed: resume(with:) forwards a Result: a success is returned, a failure thrown",
        arguments: [
            (Result<String, Lost>.success("Seattle"), "Seattle"), (.failure(Lost()), "threw Lost()"),
        ])
    func resumeWithResult(result: Result<String, Lost>, expected: String) async throws {
        let exploration = try #require(
            await exploreRecordingIssues("answer", seeds: 20) { await continuationResumed(with: result) })
        expectEverySeed(exploration, "resume(with: \(result)) should come out of the await as \(expected)") {
            $0 == expected
        }
    }
}
