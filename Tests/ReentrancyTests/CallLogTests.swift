import Harness
import HarnessTesting
import Scenarios
import Testing

/// Lesson 38, trick card "Does an actor finish one call before it starts the next?".
@Suite("L38 an actor takes the next call at an await", .timeLimit(.minutes(1)))
struct CallLogTests {
    @Test("L38 card: two calls at once → first begins, second begins, first ends, second ends (strict)")
    func callsInterleaveOnStrict() async throws {
        let run = try #require(await runRecordingIssues(.strict) { await twoCallsAtOnce() })
        #expect(run.value == ["first begins", "second begins", "first ends", "second ends"], """
            the log was \(run.value): an actor finishes a call only up to its next await, and takes the next \
            call there — the second call must begin before the first ends
            """)
    }

    @Test("L38 card: two calls at once → both begin before either ends, for every seed")
    func callsInterleaveForEverySeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("log") { await twoCallsAtOnce() })
        expectEverySeed(exploration, """
            both calls must begin before either ends: at the await inside the first call, the actor takes the next
            """) { log in
            log.count == 4 && log.prefix(2).allSatisfy { $0.hasSuffix("begins") }
        }
    }
}
