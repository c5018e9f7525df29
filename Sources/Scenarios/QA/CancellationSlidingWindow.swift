import ConcurrencyHarness
import ConcurrencyProofsSubjects
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

/// The sliding window, as observed, with what tells a window from batches.
public struct SlidingWindowRefills: Hashable, Sendable {
    /// What the topic tests compare.
    public let run: SlidingWindowRun
    /// How many downloads had started when the slowest of the first `cap` ended: more than `cap` when the others'
    /// slots were refilled while it ran, `cap` when it held them back.
    public let startedWhenTheFirstSlowestEnded: Int
}

/// `slidingWindowRefills(count:cap:)`, its run alone: what the topic tests compare.
nonisolated(nonsending) public func slidingWindowDownload(count: Int, cap: Int) async throws -> SlidingWindowRun {
    try await slidingWindowRefills(count: count, cap: cap).run
}

/// The question-and-answer seed's sliding window: `count` downloads through a `SlidingWindowDownloader` with `cap`,
/// each taking 10 to 50 ms (different for different ids, so they finish out of order). The window should never have
/// more than `cap` in flight, and should use all `cap` slots when there is enough to do: each time one finishes the
/// next starts, so a slow one holds none of the others back. A cap below 1 throws `CapTooSmall`, naming the cap.
/// `.batches`, a control: the same downloads `cap` at a time, each batch waited for whole before the next starts.
nonisolated(nonsending) public func slidingWindowRefills(count: Int, cap: Int,
                                                        _ shape: WindowShape = .slidingWindow) async throws
    -> SlidingWindowRefills
{
    precondition(count >= 0, "slidingWindowRefills(count:) needs 0 or more downloads, got \(count)")
    /// What the downloads report as they start and end.
    struct Gauge {
        /// Downloads running now.
        var inFlight = 0
        /// The most that ran at once.
        var most = 0
        /// Every id that started, in order.
        var started: [Int] = []
        /// For each id that ended, how many had started by then.
        var startedAtEnd: [Int: Int] = [:]
        /// The ids in the order they ended.
        var ended: [Int] = []
    }
    let gauge = Mutex(Gauge())
    let download: @Sendable (Int) async throws -> String = { id in
        let inFlight = gauge.withLock {
            $0.inFlight += 1
            $0.most = max($0.most, $0.inFlight)
            $0.started.append(id)
            return $0.inFlight
        }
        ScenarioLog.note("download \(id) starts: \(inFlight) in flight")
        defer {
            let left = gauge.withLock {
                $0.inFlight -= 1
                $0.startedAtEnd[id] = $0.started.count
                $0.ended.append(id)
                return $0.inFlight
            }
            ScenarioLog.note("download \(id) ends: \(left) in flight")
        }
        try await Task.sleep(for: .milliseconds(10 * (1 + (id * 7) % 5)))
        return "item \(id)"
    }
    let downloader = try SlidingWindowDownloader<Int, String>(cap: cap, download: download)
    let ids = Array(0..<count)
    let items = shape == .batches ? try await downloadInBatches(ids, cap: cap, download) : try await downloader.downloadAll(ids)
    return gauge.withLock { gauge in
        let slowestOfTheFirst = gauge.ended.last { $0 < cap }
        let run = SlidingWindowRun(
            mostInFlight: gauge.most, downloadsStarted: gauge.started.count,
            everyItemOnceInOrder: gauge.started.sorted() == ids && items == ids.map { "item \($0)" })
        return SlidingWindowRefills(
            run: run, startedWhenTheFirstSlowestEnded: slowestOfTheFirst.flatMap { gauge.startedAtEnd[$0] } ?? 0)
    }
}

/// The window's wrong shape: `cap` children at a time in a group of their own, and the next `cap` only when the
/// whole batch is back, so each batch waits for its slowest. The items in the order of `ids`.
nonisolated(nonsending) func downloadInBatches(_ ids: [Int], cap: Int,
                                              _ download: @escaping @Sendable (Int) async throws -> String) async throws
    -> [String]
{
    var items: [String] = []
    for start in stride(from: 0, to: ids.count, by: cap) {
        let batch = ids[start..<min(start + cap, ids.count)]
        let got = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for id in batch {
                group.addTask { (id, try await download(id)) }
            }
            var got: [(Int, String)] = []
            for try await item in group {
                got.append(item)
            }
            return got
        }
        items += got.sorted { $0.0 < $1.0 }.map(\.1)
    }
    return items
}

/// How the downloads are kept to `cap` at once.
public enum WindowShape: String, CaseIterable, Sendable, Decodable {
    /// A sliding window: each time one finishes, the next starts (the seed).
    case slidingWindow
    /// Batches of `cap`, each waited for whole, the control.
    case batches
}
