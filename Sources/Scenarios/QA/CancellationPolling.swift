import ConcurrencyHarness
import ConcurrencyProofsSubjects
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
    /// Milliseconds from the stop to the last request made after it (0 if none): in virtual time 0 when every
    /// request left is fired at the stop's own moment, the seed's hot loop.
    public let afterStopSpanMs: Int

    /// An outcome with these values (the scenario makes them; a test writes the one it expects). `callsWhileCancelled`
    /// left out is `callsAfterStop`, as in virtual time, where the stop falls exactly between two requests.
    public init(callsBeforeStop: Int, callsAfterStop: Int, callsWhileCancelled: Int? = nil, afterStopSpanMs: Int = 0) {
        self.callsBeforeStop = callsBeforeStop
        self.callsAfterStop = callsAfterStop
        self.callsWhileCancelled = callsWhileCancelled ?? callsAfterStop
        self.afterStopSpanMs = afterStopSpanMs
    }
}

/// The seed's polling loop: a `PricePoller` of `attempts` asks `interval` apart runs in a task, and `stop()` cancels
/// that task after `stopAfter`. `.swallows` picks the seed's bug (`try?` around the sleep) instead of its
/// fix. With the fix no request follows the stop; with the bug every remaining attempt fires at once.
/// `.sleepsThroughCancellation`, a control: the bug's loop with a sleep no cancellation reaches, so after the stop it
/// keeps its pace.
nonisolated(nonsending) public func pollingAfterStop(
    _ shape: PollShape, attempts: Int = 10, interval: Duration = .seconds(5),
    stopAfter: Duration = .milliseconds(12_500)
) async -> PollingRun {
    let calls = Mutex((all: 0, whileCancelled: 0, lastAtMs: 0))
    let poller = PricePoller(attempts: attempts, interval: interval) {
        let cancelled = Task.isCancelled
        let now = scenarioMilliseconds()
        let call = calls.withLock {
            $0.all += 1
            if cancelled { $0.whileCancelled += 1 }
            $0.lastAtMs = now
            return $0.all
        }
        ScenarioLog.note("request \(call) at \(now) ms, cancelled: \(cancelled)")
        return 42
    }
    let poll = Task(name: "poll") {
        switch shape {
        case .stops: await poller.pollEndingOnCancellation()
        case .swallows: await poller.pollSwallowingCancellation()
        case .sleepsThroughCancellation: await pollSleepingThroughCancellation(poller)
        }
    }
    try? await Task.sleep(for: stopAfter)
    // stop()
    let stoppedAt = scenarioMilliseconds()
    ScenarioLog.note("stop(): the poll's task is cancelled at \(stoppedAt) ms")
    poll.cancel()
    let before = calls.withLock { $0.all }
    _ = await poll.value
    return calls.withLock {
        PollingRun(callsBeforeStop: before, callsAfterStop: $0.all - before, callsWhileCancelled: $0.whileCancelled,
                   afterStopSpanMs: $0.all > before ? $0.lastAtMs - stoppedAt : 0)
    }
}

/// `PricePoller.pollSwallowingCancellation()` with its sleep in a detached task, which the poll's cancellation does
/// not reach: a cancelled poll still waits out every interval, so `try?` has nothing to swallow and nothing spins.
nonisolated(nonsending) func pollSleepingThroughCancellation(_ poller: PricePoller) async -> [Int] {
    var prices: [Int] = []
    let interval = poller.interval
    for attempt in 0..<poller.attempts {
        if let price = try? await poller.fetchPrice() {
            prices.append(price)
        }
        guard attempt < poller.attempts - 1 else { break }
        try? await Task.detached { try await Task.sleep(for: interval) }.value
    }
    return prices
}

/// Which way a polling loop treats cancellation.
public enum PollShape: String, CaseIterable, Sendable, Decodable {
    /// `try await Task.sleep`: the cancellation ends the loop.
    case stops
    /// `try? await Task.sleep`: the cancellation is swallowed, the loop polls on.
    case swallows
    /// `try?` around a sleep no cancellation reaches (a detached one): the loop polls on at its own pace.
    case sleepsThroughCancellation
}
