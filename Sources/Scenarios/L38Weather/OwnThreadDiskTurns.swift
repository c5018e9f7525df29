import ConcurrencyHarness
import ConcurrencyProofsSubjects
import Synchronization

/// How saves at once on one disk with a thread of its own ran: how many, the most at the same moment, and the names
/// of the threads they ran on.
public struct OneDiskSaves: Hashable, Sendable, CustomStringConvertible {
    /// Saves made.
    public let saves: Int
    /// The most saves that ran at the same moment.
    public let mostAtOnce: Int
    /// The names of the threads the saves ran on ("" for a thread with no name).
    public let threads: Set<String>

    /// An outcome, as a test expects it.
    public init(saves: Int, mostAtOnce: Int, threads: Set<String>) {
        self.saves = saves
        self.mostAtOnce = mostAtOnce
        self.threads = threads
    }

    /// "4 saves, at most 1 at once, on ["trips.disk"]".
    public var description: String { "\(counted(saves, "save")), at most \(mostAtOnce) at once, on \(threads.sorted())" }
}

/// Lesson 38, step 6 and actors question 14: an actor on a serial executor of its own still runs one piece at a time,
/// as every actor does, and runs each on its executor's thread. `saves` child tasks save at once on ONE
/// `OwnThreadDisk`; each write holds its thread until another write has run at the same moment, or `patience` is up
/// (the bound that ends a run with no company). On a serial executor they take turns: at most 1 at once, each waiting
/// out its whole patience, all on "trips.disk".
@concurrent
public func savesAtOnceOnOneOwnThreadDisk(_ saves: Int, patience: Duration) async throws -> OneDiskSaves {
    try BadScenarioInput.require(saves, atLeast: 1, "saves", in: "savesAtOnceOnOneOwnThreadDisk")
    try BadScenarioInput.require(patience, notNegative: "patience", in: "savesAtOnceOnOneOwnThreadDisk")
    let meter = OverlapMeter()
    let threads = Mutex<Set<String>>([])
    let disk = OwnThreadDisk {
        let name = currentThreadName()
        threads.withLock { _ = $0.insert(name) }
        meter.workUntilCompany(patience: patience)
    }
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<saves {
            group.addTask { await disk.save() }
        }
    }
    return OneDiskSaves(saves: saves, mostAtOnce: meter.mostAtOnce, threads: threads.withLock { $0 })
}
