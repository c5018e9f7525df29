import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("L40 Q1, cards: one stream, several loops, other threads", .timeLimit(.minutes(1)))
struct StreamSharingTests {
    @Test("L40 Q1: two loops over one stream split the values, each exactly once", arguments: [1, 2, 10, 100])
    func twoConsumersSplit(count: Int) async throws {
        let exploration = try #require(
            await exploreRecordingIssues("split", seeds: 100) { await streamTwoConsumers(count: count) })
        expectEverySeed(
            exploration,
            "an AsyncStream does not broadcast: \(count) values should reach the two loops once each, none twice, "
                + "none lost"
        ) { $0.everyValueOnce && $0.firstCount + $0.secondCount == count }
        if count >= 2 {
            expectSomeSeed(exploration, "both loops should get some of the values under some schedule") {
                $0.firstCount > 0 && $0.secondCount > 0
            }
        }
        let strict = try #require(await runRecordingIssues(.strict) { await streamTwoConsumers(count: count) })
        #expect(strict.value.everyValueOnce, "under strict: \(strict.value)")
    }

    @Test("L40 card: a stream fed from another thread delivers every value")
    func fedFromAnotherThread() async throws {
        let exploration = try #require(
            await exploreRecordingIssues("read", seeds: 20, options: .waitForOwnThreads) { await streamFedFromAnotherThread() })
        expectEverySeed(exploration, "the continuation is Sendable: the loop should get [1, 2, 3]") { $0 == [1, 2, 3] }
    }

    @Test("L40 card: filter, map and prefix on a stream give 30 and 60")
    func filterMapPrefix() async throws {
        let exploration = try #require(await exploreRecordingIssues("read", seeds: 20) { await streamFilterMapPrefix() })
        expectEverySeed(exploration, "multiples of 3, times 10, the first two") { $0 == [30, 60] }
    }
}
