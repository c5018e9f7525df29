import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("Q&A seed: a polling loop after stop()", .timeLimit(.minutes(1)))
struct PollingTests {
    @Test("Q&A seed: a poll that lets the sleep's CancellationError end it makes no request after stop()")
    func noRequestAfterStop() async throws {
        let expected = PollingRun(callsBeforeStop: 3, callsAfterStop: 0)
        let exploration = try #require(
            await exploreRecordingIssues("requests") {
                await pollingAfterStop(swallowingCancellation: false)
            })
        expectEverySeed(
            exploration,
            "after stop() the call count should stay flat: a cancelled Task.sleep throws CancellationError and "
                + "that should end the loop"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await pollingAfterStop(
                    swallowingCancellation: false, interval: .milliseconds(200), stopAfter: .milliseconds(500))
            })
        #expect(strict.value == expected, "under strict")
    }

    @Test("Q&A seed: try? await Task.sleep in a cancelled loop races to the end, a request per attempt left")
    func trySwallowsTheStop() async throws {
        let expected = PollingRun(callsBeforeStop: 3, callsAfterStop: 7)
        let exploration = try #require(
            await exploreRecordingIssues("requests") {
                await pollingAfterStop(swallowingCancellation: true)
            })
        expectEverySeed(
            exploration,
            "try? swallows the CancellationError that tells the loop to stop: each remaining attempt should fire "
                + "at once, 7 requests after stop()"
        ) { $0 == expected }
        let strict = try #require(
            await runRecordingIssues(.strict) {
                await pollingAfterStop(
                    swallowingCancellation: true, interval: .milliseconds(200), stopAfter: .milliseconds(500))
            })
        #expect(strict.value == expected, "under strict")
    }
}
