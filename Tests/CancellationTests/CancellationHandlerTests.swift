import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("Q&A seed: withTaskCancellationHandler", .timeLimit(.minutes(1)))
struct CancellationHandlerTests {
    @Test("Q&A seed: withTaskCancellationHandler runs onCancel at once, inside cancel(), and stops the old request")
    func onCancelRunsAtOnce() async throws {
        let expected = [
            "request started", "onCancel ran", "cancel() returned", "request ended: cancelled", "the task ended",
        ]
        let exploration = try #require(
            await exploreRecordingIssues("console") {
                await cancellationHandlerRunsAtOnce()
            })
        expectEverySeed(
            exploration,
            "onCancel should run immediately — before cancel() returns — and stop the legacy request, instead of "
                + "the task waiting for it"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) { await cancellationHandlerRunsAtOnce() })
        #expect(strict.value == expected, "under strict")
    }
}
