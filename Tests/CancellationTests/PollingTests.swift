import Harness
import HarnessTesting
import Scenarios
import Testing

/// The Q&A seed's poll, ten attempts 5 s apart stopped after 12.5 s (virtual time under seeds; 200 ms apart, stopped
/// at 500 ms, under the strict pool).
func poll(swallowing: Bool, _ pace: Pace) async -> PollingRun {
    await pollingAfterStop(swallowingCancellation: swallowing,
                           interval: pace.pick(virtual: .seconds(5), real: .milliseconds(200)),
                           stopAfter: pace.pick(virtual: .milliseconds(12_500), real: .milliseconds(500)))
}

/// Exact counts only in virtual time; on the real strict pool, only what holds however late a thread wakes.
@Suite("Q&A seed: a polling loop after stop()", .timeLimit(.minutes(1)))
struct PollingTests {
    @Test("Q&A seed: a poll that lets the sleep's CancellationError end it makes no request after stop() — exactly 3 then 0 under every seed")
    func noRequestAfterStop() async {
        await verify(Claim(
            "after stop() the call count should stay flat: a cancelled Task.sleep throws CancellationError and that "
                + "should end the loop",
            runs: [.seeded(200)],
            expect: Expectation(every: .equals(PollingRun(callsBeforeStop: 3, callsAfterStop: 0))),
            control: .counterfactual("try? around the sleep") { await poll(swallowing: true, $0) },
            paced: { await poll(swallowing: false, $0) }))
    }

    @Test("Q&A seed: on the real strict pool, however late its thread wakes, the poll makes at most the one request already on its way after stop()")
    func noRequestAfterStopInRealTime() async {
        await verify(Claim(
            "after stop() the call count should stay flat but for a request whose sleep had already ended when stop() "
                + "came (on a loaded machine the loop may be ready to run, not yet running): the next sleep throws",
            runs: [.strict],
            expect: Expectation(every: .that("callsAfterStop 0...1") { $0.callsAfterStop <= 1 }),
            control: .counterfactual("try? around the sleep") { await poll(swallowing: true, $0) },
            paced: { await poll(swallowing: false, $0) }))
    }

    @Test("Q&A seed: try? await Task.sleep in a cancelled loop races to the end — exactly 3 then 7 requests under every seed")
    func trySwallowsTheStop() async {
        await verify(Claim(
            "try? swallows the CancellationError that tells the loop to stop: each remaining attempt should fire at "
                + "once, 7 requests after stop()",
            runs: [.seeded(200)],
            expect: Expectation(every: .equals(PollingRun(callsBeforeStop: 3, callsAfterStop: 7))),
            control: .counterfactual("try, not try?") { await poll(swallowing: false, $0) },
            paced: { await poll(swallowing: true, $0) }))
    }

    @Test("Q&A seed: on the real strict pool, try? lets the cancelled loop make every one of its ten requests, some after stop()")
    func trySwallowsTheStopInRealTime() async {
        await verify(Claim(
            "try? swallows the stop: all 10 attempts should be made, at least one after stop(), whenever the timers "
                + "really fire",
            runs: [.strict],
            expect: Expectation(every: .that("10 requests in all, at least 1 after stop()") {
                $0.callsBeforeStop + $0.callsAfterStop == 10 && $0.callsAfterStop >= 1
            }),
            control: .counterfactual("try, not try?") { await poll(swallowing: false, $0) },
            paced: { await poll(swallowing: true, $0) }))
    }
}
