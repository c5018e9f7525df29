import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("L37 step 5: three bees sent with async let", .timeLimit(.minutes(1)))
struct BeesTests {
    @Test("L37 step 5: one cancel() calls home every bee still out; the one already back stays back")
    func calledHome() async throws {
        let expected = ["Ada back from the 🌻", "Bea called home from the 🌸", "Cia called home from the 🌷"]
        let exploration = try #require(
            await exploreRecordingIssues("trip") { await threeBeesCalledHome() })
        expectEverySeed(
            exploration,
            "cancelling the trip's task should reach every async let child still at a flower: Bea and Cia "
                + "called home, Ada already back"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await threeBeesCalledHome(
                    ada: .milliseconds(100), bea: .milliseconds(350), cia: .milliseconds(600),
                    callHomeAfter: .milliseconds(250))
            })
        #expect(strict.value == expected, "under strict")
    }
}
