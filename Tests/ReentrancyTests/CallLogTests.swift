import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Lesson 38, trick card "Does an actor finish one call before it starts the next?".
@Suite("L38 an actor takes the next call at an await", scaledTimeLimit(minutes: 1))
struct CallLogTests {
    @Test("L38 card: two calls at once → first begins, second begins, first ends, second ends (strict)")
    func callsInterleaveOnStrict() async {
        await verify(Claim(
            "an actor finishes a call only up to its next await, and takes the next call there — the second call must "
                + "begin before the first ends",
            runs: [.strict], expect: Expectation(every: .equals(["first begins", "second begins", "first ends", "second ends"])),
            control: .counterfactual("the second call after the first returned") { await twoCallsOneAfterAnother() }) {
                await twoCallsAtOnce()
            })
    }

    @Test("L38 card: two calls at once → both begin before either ends, for every seed", .needs(.timers))
    func callsInterleaveForEverySeed() async {
        await verify(Claim(
            "both calls must begin before either ends: at the await inside the first call, the actor takes the next",
            runs: [.seeds(200)],
            expect: Expectation(every: .that("both begin, then both end") { log in
                log.count == 4 && log.prefix(2).allSatisfy { $0.hasSuffix("begins") }
            }),
            control: .counterfactual("the second call after the first returned") { await twoCallsOneAfterAnother() }) {
                await twoCallsAtOnce()
            })
    }
}
