import Harness
import Subjects
import Synchronization

/// The question-and-answer seed's polling loop, as observed: requests before and after `stop()`.
public struct PollingRun: Hashable, Sendable {
    /// Requests made before the poll's task was cancelled.
    public let callsBeforeStop: Int
    /// Requests made after it: the seed's unit test "asserts the mock API's call count stays flat".
    public let callsAfterStop: Int

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(callsBeforeStop: Int, callsAfterStop: Int) {
        self.callsBeforeStop = callsBeforeStop
        self.callsAfterStop = callsAfterStop
    }
}

/// The seed's polling loop: a `PricePoller` of `attempts` asks `interval` apart runs in a task, and `stop()` cancels
/// that task after `stopAfter`. `swallowingCancellation` picks the seed's bug (`try?` around the sleep) instead of its
/// fix. With the fix no request follows the stop; with the bug every remaining attempt fires at once.
nonisolated(nonsending) public func pollingAfterStop(
    swallowingCancellation: Bool, attempts: Int = 10, interval: Duration = .seconds(5),
    stopAfter: Duration = .milliseconds(12_500)
) async -> PollingRun {
    let calls = Mutex(0)
    let poller = PricePoller(attempts: attempts, interval: interval) {
        let call = calls.withLock { $0 += 1; return $0 }
        ScenarioLog.note("request \(call) at \(scenarioMilliseconds()) ms, cancelled: \(Task.isCancelled)")
        return 42
    }
    let poll = Task(name: "poll") {
        swallowingCancellation ? await poller.pollSwallowingCancellation() : await poller.pollEndingOnCancellation()
    }
    try? await Task.sleep(for: stopAfter)
    // stop()
    ScenarioLog.note("stop(): the poll's task is cancelled at \(scenarioMilliseconds()) ms")
    poll.cancel()
    let before = calls.withLock { $0 }
    _ = await poll.value
    return PollingRun(callsBeforeStop: before, callsAfterStop: calls.withLock { $0 } - before)
}
