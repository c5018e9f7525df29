import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("L40 steps 3, 4: the countdown as an async sequence", scaledTimeLimit(minutes: 1))
struct CountdownSequenceTests {
    @Test("L40 steps 3, 4: for await over Countdown and the while let both give 3, 2, 1")
    func forAwaitAndWhileLetAgree() async {
        await verify(Claim(
            "for await is rewritten into the while let: both should read 3, 2, 1",
            runs: [.seeds(20)], expect: Expectation(every: .equals([[3, 2, 1], [3, 2, 1]])),
            control: .none(why: "no wrong countdown is a type of its own: the breakage countdown-off-by-one is its control")) {
                await countdownReadBothWays()
            })
    }

    @Test("L40 card: a plain nonisolated next() runs off the caller's actor; next(isolation:) stays on it")
    func whereNextRuns() async {
        await verify(Claim(
            "a nonisolated async next() leaves the actor, from a while let and from for await alike; next(isolation:) "
                + "takes the loop's actor and runs there",
            expect: Expectation(every: .equals(CountdownWhereNextRuns(
                plainNextWhileLet: [false, false], plainNextForAwait: [false, false], isolationNextForAwait: [true, true]))),
            control: .counterfactual("the two iterators swapped") { await countdownWhereNextRuns(.swapped) }) {
                await countdownWhereNextRuns()
            })
    }
}
