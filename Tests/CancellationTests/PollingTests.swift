import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// The Q&A seed's poll, ten attempts 5 s apart stopped after 12.5 s (virtual time under seeds; under the strict pool
/// fifty attempts 200 ms apart, stopped at 500 ms, so that however late the stop comes attempts are left after it).
func poll(_ shape: PollShape, _ pace: Pace) async -> PollingRun {
    await pollingAfterStop(shape, attempts: pace.pick(virtual: 10, real: 50),
                           interval: pace.pick(virtual: .seconds(5), real: .milliseconds(200)),
                           stopAfter: pace.pick(virtual: .milliseconds(12_500), real: .milliseconds(500)))
}

/// Exact counts only in virtual time; on the real strict pool, only what holds however late a thread wakes.
@Suite("Q&A seed: a polling loop after stop()", scaledTimeLimit(minutes: 1))
struct PollingTests {
    @Test("Q&A seed: a poll that lets the sleep's CancellationError end it makes no request after stop() — exactly 3 then 0 under every seed", .needs(.timers))
    func noRequestAfterStop() async {
        await verify(Claim(
            "after stop() the call count should stay flat: a cancelled Task.sleep throws CancellationError and that "
                + "should end the loop",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals(PollingRun(callsBeforeStop: 3, callsAfterStop: 0))),
            control: .counterfactual("try? around the sleep") { await poll(.swallows, Pace.current) }) { await poll(.stops, Pace.current) })
    }

    @Test("Q&A seed: on the real strict pool, however late its thread wakes, the poll makes at most the one request already on its way once cancelled", .needs(.timers))
    func noRequestAfterStopInRealTime() async {
        await verify(Claim(
            "once its task is cancelled the loop should make no request but one whose sleep had already ended when "
                + "stop() came (on a loaded machine the loop may be ready to run, not yet running): the next sleep throws",
            runs: [.strict],
            expect: Expectation(every: .that("callsWhileCancelled 0...1") { $0.callsWhileCancelled <= 1 }),
            control: .counterfactual("try? around the sleep") { await poll(.swallows, Pace.current) }) { await poll(.stops, Pace.current) })
    }

    @Test("Q&A seed: try? await Task.sleep in a cancelled loop races to the end — exactly 3 then 7 requests under every seed", .needs(.timers))
    func trySwallowsTheStop() async {
        await verify(Claim(
            "try? swallows the CancellationError that tells the loop to stop: each remaining attempt should fire at "
                + "once, 7 requests after stop()",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals(PollingRun(callsBeforeStop: 3, callsAfterStop: 7))),
            control: .counterfactual("try, not try?") { await poll(.stops, Pace.current) }) { await poll(.swallows, Pace.current) })
    }

    @Test("Q&A seed: on the real strict pool, try? lets the cancelled loop make every one of its fifty requests, several while cancelled", .needs(.timers))
    func trySwallowsTheStopInRealTime() async {
        await verify(Claim(
            "try? swallows the stop: all 50 attempts should be made, at least two of them while the task is cancelled, "
                + "whenever the timers really fire",
            runs: [.strict],
            expect: Expectation(every: .that("50 requests in all, at least 2 while cancelled") {
                $0.callsBeforeStop + $0.callsAfterStop == 50 && $0.callsWhileCancelled >= 2
            }),
            control: .counterfactual("try, not try?") { await poll(.stops, Pace.current) }) { await poll(.swallows, Pace.current) })
    }
}
