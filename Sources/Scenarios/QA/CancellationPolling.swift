import Harness
import Subjects
import Synchronization

/// The question-and-answer seed's polling loop, as observed: requests before and after `stop()`.
public struct PollingRun: Hashable, Sendable {
    /// Requests made before the poll's task was cancelled.
    public let callsBeforeStop: Int
    /// Requests made after it: the seed's unit test "asserts the mock API's call count stays flat".
    public let callsAfterStop: Int
    /// Requests the loop made while its task was cancelled, whenever the stop came. Unlike `callsAfterStop` it does
    /// not depend on where the stop falls between the requests: on real time a thread that wakes late can let one
    /// sleep end just before the stop, so the fixed loop makes at most one, and the hot loop every attempt left.
    public let callsWhileCancelled: Int

    /// An outcome with these values (the scenario makes them; a test writes the one it expects). `callsWhileCancelled`
    /// left out is `callsAfterStop`, as in virtual time, where the stop falls exactly between two requests.
    public init(callsBeforeStop: Int, callsAfterStop: Int, callsWhileCancelled: Int? = nil) {
        self.callsBeforeStop = callsBeforeStop
        self.callsAfterStop = callsAfterStop
        self.callsWhileCancelled = callsWhileCancelled ?? callsAfterStop
    }
}

/// The seed's polling loop: a `PricePoller` of `attempts` asks `interval` apart runs in a task, and `stop()` cancels
/// that task after `stopAfter`. `.swallows` picks the seed's bug (`try?` around the sleep) instead of its
/// fix. With the fix no request follows the stop; with the bug every remaining attempt fires at once.
nonisolated(nonsending) public func pollingAfterStop(
    _ shape: PollShape, attempts: Int = 10, interval: Duration = .seconds(5),
    stopAfter: Duration = .milliseconds(12_500)
) async -> PollingRun {
    let swallowingCancellation = shape == .swallows
    let calls = Mutex((all: 0, whileCancelled: 0))
    let poller = PricePoller(attempts: attempts, interval: interval) {
        let cancelled = Task.isCancelled
        let call = calls.withLock {
            $0.all += 1
            if cancelled { $0.whileCancelled += 1 }
            return $0.all
        }
        ScenarioLog.note("request \(call) at \(scenarioMilliseconds()) ms, cancelled: \(cancelled)")
        return 42
    }
    let poll = Task(name: "poll") {
        swallowingCancellation ? await poller.pollSwallowingCancellation() : await poller.pollEndingOnCancellation()
    }
    try? await Task.sleep(for: stopAfter)
    // stop()
    ScenarioLog.note("stop(): the poll's task is cancelled at \(scenarioMilliseconds()) ms")
    poll.cancel()
    let before = calls.withLock { $0.all }
    _ = await poll.value
    return calls.withLock {
        PollingRun(callsBeforeStop: before, callsAfterStop: $0.all - before, callsWhileCancelled: $0.whileCancelled)
    }
}

/// Which way a polling loop treats cancellation.
public enum PollShape: String, CaseIterable, Sendable, Decodable {
    /// `try await Task.sleep`: the cancellation ends the loop.
    case stops
    /// `try? await Task.sleep`: the cancellation is swallowed, the loop polls on.
    case swallows
}
