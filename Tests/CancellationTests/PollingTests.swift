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

@Suite("Q&A seed: a polling loop after stop()", .timeLimit(.minutes(1)))
struct PollingTests {
    @Test("Q&A seed: a poll that lets the sleep's CancellationError end it makes no request after stop()")
    func noRequestAfterStop() async {
        await verify(Claim(
            "after stop() the call count should stay flat: a cancelled Task.sleep throws CancellationError and that "
                + "should end the loop",
            expect: Expectation(every: .equals(PollingRun(callsBeforeStop: 3, callsAfterStop: 0))),
            control: .counterfactual("try? around the sleep") { await poll(swallowing: true, $0) },
            paced: { await poll(swallowing: false, $0) }))
    }

    @Test("Q&A seed: try? await Task.sleep in a cancelled loop races to the end, a request per attempt left")
    func trySwallowsTheStop() async {
        await verify(Claim(
            "try? swallows the CancellationError that tells the loop to stop: each remaining attempt should fire at "
                + "once, 7 requests after stop()",
            expect: Expectation(every: .equals(PollingRun(callsBeforeStop: 3, callsAfterStop: 7))),
            control: .counterfactual("try, not try?") { await poll(swallowing: false, $0) },
            paced: { await poll(swallowing: true, $0) }))
    }
}
