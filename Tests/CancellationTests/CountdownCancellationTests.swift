import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("L40 Q11: a while let over a slow countdown in a cancelled task", .timeLimit(.minutes(1)))
struct CountdownCancellationTests {
    @Test("L40 Q11: the countdown whose try? swallows cancellation runs to its end")
    func swallowingCountdownRunsOn() async throws {
        let expected = [
            "got 3 — cancelled: false", "got 2 — cancelled: false", "got 1 — cancelled: true", "the loop ended",
        ]
        let exploration = try #require(
            await exploreRecordingIssues("console") {
                await countdownCancelledAfterTwo(endingOnCancellation: false)
            })
        expectEverySeed(
            exploration,
            "cancelling sets a flag and stops nothing: a next() that never looks — and whose try? swallows the "
                + "sleep's error — should hand out 1 too"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await countdownCancelledAfterTwo(endingOnCancellation: false)
            })
        #expect(strict.value == expected, "under strict")
    }

    @Test("L40 Q11: the countdown that answers nil when its sleep throws stops after 2")
    func endingCountdownStops() async throws {
        let expected = ["got 3 — cancelled: false", "got 2 — cancelled: false", "the loop ended"]
        let exploration = try #require(
            await exploreRecordingIssues("console") {
                await countdownCancelledAfterTwo(endingOnCancellation: true)
            })
        expectEverySeed(
            exploration,
            "the sleep throws once the task is cancelled, next() should answer nil, and the third number never come"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await countdownCancelledAfterTwo(endingOnCancellation: true)
            })
        #expect(strict.value == expected, "under strict")
    }
}
