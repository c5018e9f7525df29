import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("Q&A seed: a timeout as a race in a throwing task group", .timeLimit(.minutes(1)))
struct TimeoutTests {
    @Test("Q&A seed: a fast operation wins the race, and the losing sleep is cancelled, not waited for")
    func operationWins() async throws {
        let expected = TimeoutRace(
            answer: "answer",
            events: ["the operation answered", "withTimeout returned", "halfway between the answer and the limit"])
        let exploration = try #require(
            await exploreRecordingIssues("race") {
                await timeoutRace(operationTakes: .milliseconds(100), limit: .seconds(1))
            })
        expectEverySeed(
            exploration,
            "the operation answered first: its answer should come back, and cancelAll() should stop the timer "
                + "so that withTimeout returns without waiting for it"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await timeoutRace(operationTakes: .milliseconds(50), limit: .milliseconds(400))
            })
        #expect(strict.value == expected, "under strict")
    }

    @Test("Q&A seed: a slow operation loses the race: TimedOut comes back and the operation is cancelled")
    func timerWins() async throws {
        let expected = TimeoutRace(
            answer: "timed out after 0.1 seconds",
            events: ["the operation was cancelled", "withTimeout returned", "halfway between the answer and the limit"])
        let exploration = try #require(
            await exploreRecordingIssues("race") {
                await timeoutRace(operationTakes: .seconds(1), limit: .milliseconds(100))
            })
        expectEverySeed(
            exploration,
            "the sleep finished first: TimedOut should come back, after the operation was cancelled and waited for"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await timeoutRace(operationTakes: .seconds(1), limit: .milliseconds(100))
            })
        #expect(strict.value == expected, "under strict")
    }
}
