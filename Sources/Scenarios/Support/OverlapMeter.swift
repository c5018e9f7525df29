import Foundation
import ConcurrencyHarness
import Synchronization

/// Counts how many pieces of work run at the same moment, and the most there ever were — overlap measured with
/// counters, not durations. The one overlap meter of the scenarios, the topic tests' and the quiz's alike.
public final class OverlapMeter: Sendable {
    private let running = Atomic(0)
    private let most = Atomic(0)

    /// A meter that has seen nothing yet.
    public init() {}

    /// The most pieces of work that ran at once.
    public var mostAtOnce: Int {
        most.load(ordering: .sequentiallyConsistent)
    }

    /// One more piece of work running.
    public func enter() {
        let now = running.add(1, ordering: .sequentiallyConsistent).newValue
        most.max(now, ordering: .sequentiallyConsistent)
    }

    /// One fewer.
    public func leave() {
        running.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// One piece of work that holds its thread until it has had company — another piece running at the same moment,
    /// now or earlier — or until `patience` is up, whichever is first. The bound is what keeps a run with no company
    /// (one thread, one line) from hanging. Patience is counted in spare time (`SpareTime`: real time in which the
    /// machine had a CPU to spare), so that on a loaded machine a second piece that waits for a CPU to start on is
    /// still waited for: load only makes the wait longer, never a lone piece of one that would have had company.
    public func workUntilCompany(patience: Duration) {
        enter()
        let limit = Nanoseconds(patience)
        var spare = SpareTime.starting()
        var looks = 0
        // Company is looked for every 0.1 ms; the machine's load (a file read) every ms.
        while mostAtOnce < 2 && (looks % 10 != 0 || spare.lookNow() < limit) {
            usleep(100)
            looks += 1
        }
        leave()
    }
}
