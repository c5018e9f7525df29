import Harness
import Subjects
import Synchronization

/// The sliding window, as observed.
public struct SlidingWindowRun: Hashable, Sendable {
    /// The most downloads that were in flight at one moment.
    public let mostInFlight: Int
    /// How many downloads started, counting every id.
    public let downloadsStarted: Int
    /// Whether every id was downloaded exactly once and the items came back in the order of the ids.
    public let everyItemOnceInOrder: Bool

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(mostInFlight: Int, downloadsStarted: Int, everyItemOnceInOrder: Bool) {
        self.mostInFlight = mostInFlight
        self.downloadsStarted = downloadsStarted
        self.everyItemOnceInOrder = everyItemOnceInOrder
    }
}

/// The question-and-answer seed's sliding window: `count` downloads through a `SlidingWindowDownloader` with `cap`,
/// each taking 10 to 50 ms (different for different ids, so they finish out of order). The window should never have
/// more than `cap` in flight, and should use all `cap` slots when there is enough to do. A cap below 1 throws
/// `CapTooSmall`, naming the cap.
nonisolated(nonsending) public func slidingWindowDownload(count: Int, cap: Int) async throws -> SlidingWindowRun {
    precondition(count >= 0, "slidingWindowDownload(count:) needs 0 or more downloads, got \(count)")
    /// What the downloads report as they start and end.
    struct Gauge {
        /// Downloads running now.
        var inFlight = 0
        /// The most that ran at once.
        var most = 0
        /// Every id that started, in order.
        var started: [Int] = []
    }
    let gauge = Mutex(Gauge())
    let downloader = try SlidingWindowDownloader<Int, String>(cap: cap) { id in
        let inFlight = gauge.withLock {
            $0.inFlight += 1
            $0.most = max($0.most, $0.inFlight)
            $0.started.append(id)
            return $0.inFlight
        }
        ScenarioLog.note("download \(id) starts: \(inFlight) in flight")
        defer {
            let left = gauge.withLock { $0.inFlight -= 1; return $0.inFlight }
            ScenarioLog.note("download \(id) ends: \(left) in flight")
        }
        try await Task.sleep(for: .milliseconds(10 * (1 + (id * 7) % 5)))
        return "item \(id)"
    }
    let ids = Array(0..<count)
    let items = try await downloader.downloadAll(ids)
    return gauge.withLock {
        SlidingWindowRun(
            mostInFlight: $0.most, downloadsStarted: $0.started.count,
            everyItemOnceInOrder: $0.started.sorted() == ids && items == ids.map { "item \($0)" })
    }
}
