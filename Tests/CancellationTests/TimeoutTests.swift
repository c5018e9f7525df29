import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Under seeds only: which of the operation and the timer ends first is a race in time, and on the real strict pool a
/// loaded machine once ran "halfway" before withTimeout returned (a CI run beside a soak).
@Suite("Q&A seed: a timeout as a race in a throwing task group", scaledTimeLimit(minutes: 1))
struct TimeoutTests {
    @Test("Q&A seed: a fast operation wins the race, and the losing sleep is cancelled, not waited for", .needs(.timers))
    func operationWins() async {
        await verify(Claim(
            "the operation answered first: its answer should come back, and cancelAll() should stop the timer so "
                + "that withTimeout returns without waiting for it",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals(TimeoutRace(
                answer: "answer",
                events: ["the operation answered", "withTimeout returned", "halfway between the answer and the limit"]))),
            control: .counterfactual("an operation slower than the limit") {
                let pace = Pace.current
                return await timeoutRace(operationTakes: .seconds(1),
                                  limit: pace.pick(virtual: .milliseconds(500), real: .milliseconds(200)))
            }) {
                let pace = Pace.current
                return await timeoutRace(operationTakes: pace.pick(virtual: .milliseconds(100), real: .milliseconds(50)),
                                  limit: pace.pick(virtual: .seconds(1), real: .milliseconds(400)))
            })
    }

    @Test("Q&A seed: a slow operation loses the race: TimedOut comes back and the operation is cancelled", .needs(.timers))
    func timerWins() async {
        await verify(Claim(
            "the sleep finished first: TimedOut should come back, after the operation was cancelled and waited for",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals(TimeoutRace(
                answer: "timed out after 0.1 seconds",
                events: ["the operation was cancelled", "withTimeout returned",
                         "halfway between the answer and the limit"]))),
            control: .counterfactual("a limit longer than the operation") {
                await timeoutRace(operationTakes: .milliseconds(100), limit: .seconds(1))
            }) {
                await timeoutRace(operationTakes: .seconds(1), limit: .milliseconds(100))
            })
    }
}
