import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("L40 steps 3, 4: the countdown as an async sequence", .timeLimit(.minutes(1)))
struct CountdownSequenceTests {
    @Test("L40 steps 3, 4: for await over Countdown and the while let both give 3, 2, 1")
    func forAwaitAndWhileLetAgree() async throws {
        let exploration = try #require(
            await exploreRecordingIssues("read", seeds: 20) { await countdownReadBothWays() })
        expectEverySeed(exploration, "for await is rewritten into the while let: both should read 3, 2, 1") {
            $0 == [[3, 2, 1], [3, 2, 1]]
        }
    }

    @Test("L40 card: a plain nonisolated next() runs off the caller's actor; next(isolation:) stays on it")
    func whereNextRuns() async throws {
        let expected = CountdownWhereNextRuns(
            plainNextWhileLet: [false, false], plainNextForAwait: [false, false], isolationNextForAwait: [true, true])
        let exploration = try #require(
            await exploreRecordingIssues("on the loop's actor") { await countdownWhereNextRuns() })
        expectEverySeed(
            exploration,
            "a nonisolated async next() leaves the actor, from a while let and from for await alike; "
                + "next(isolation:) takes the loop's actor and runs there"
        ) { $0 == expected }
        let strict = try #require(await runRecordingIssues(.strict) { await countdownWhereNextRuns() })
        #expect(strict.value == expected, "under strict")
    }
}
