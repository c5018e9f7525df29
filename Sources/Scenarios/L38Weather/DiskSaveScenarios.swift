import Foundation
import ConcurrencyHarness
import ConcurrencyProofsSubjects
import Synchronization

/// What other work got while disks saved: the saves, how many of them saw the other work take a turn while they
/// blocked, and the turns it took in all while they ran.
public struct TickerTurns: Hashable, Sendable, CustomStringConvertible {
    /// Saves made.
    public let saves: Int
    /// Saves during whose blocking write the ticker took at least one turn.
    public let savesThatSawATurn: Int
    /// Turns the ticker took from the first save's start to the last save's end.
    public let turnsDuringSaves: Int

    /// "8 saves, 0 saw the ticker move while they blocked; the ticker got 1 turn meanwhile".
    public var description: String {
        "\(counted(saves, "save")), \(savesThatSawATurn) saw the ticker move while they blocked; "
            + "the ticker got \(turnsDuringSaves) turn\(turnsDuringSaves == 1 ? "" : "s") meanwhile"
    }
}

/// Lesson 38, actors question 13: other work on the shared pool wants a turn every millisecond (a ticker task), while
/// `saves` disks save at once. Each save's write is synchronous: it holds its thread until the ticker has taken a turn
/// since the write began, or `patience` is up — a bounded block, so a starved run ends by itself.
///
/// On the pool (`PoolDisk`), once the saves hold every thread the ticker cannot run, and those writes wait out their
/// whole patience; with each disk on a thread of its own (`OwnThreadDisk`) the pool stays free, and every write sees
/// the ticker move.
@concurrent
public func tickerTurnsWhileDisksSave(
    _ saves: Int, _ shape: DiskThreadShape, patience: Duration
) async throws -> TickerTurns {
    let onOwnThreads = shape == .ownThreads
    try BadScenarioInput.require(saves, atLeast: 1, "saves", in: "tickerTurnsWhileDisksSave")
    try BadScenarioInput.require(patience, notNegative: "patience", in: "tickerTurnsWhileDisksSave")
    let ticks = Atomic(0)
    let sawATurn = Atomic(0)
    let write: @Sendable () -> Void = {
        let before = ticks.load(ordering: .sequentiallyConsistent)
        let deadline = ContinuousClock.now + patience
        while ticks.load(ordering: .sequentiallyConsistent) == before && ContinuousClock.now < deadline {
            usleep(200)
        }
        if ticks.load(ordering: .sequentiallyConsistent) != before {
            sawATurn.add(1, ordering: .sequentiallyConsistent)
        }
    }
    // Stopped by a flag rather than by cancellation: it ends after a sleep that ran its course, so no cancelled
    // timer is left behind.
    let stop = Atomic(false)
    let ticker = Task {
        while !stop.load(ordering: .sequentiallyConsistent) {
            ticks.add(1, ordering: .sequentiallyConsistent)
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
    while ticks.load(ordering: .sequentiallyConsistent) == 0 {    // the ticker is under way before the saves start
        await Task.yield()
    }
    let before = ticks.load(ordering: .sequentiallyConsistent)
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<saves {
            if onOwnThreads {
                let disk = OwnThreadDisk(write: write)
                group.addTask { await disk.save() }
            } else {
                let disk = PoolDisk(write: write)
                group.addTask { await disk.save() }
            }
        }
    }
    let turns = ticks.load(ordering: .sequentiallyConsistent) - before
    stop.store(true, ordering: .sequentiallyConsistent)
    await ticker.value
    return TickerTurns(saves: saves, savesThatSawATurn: sawATurn.load(ordering: .sequentiallyConsistent),
                       turnsDuringSaves: turns)
}

/// Where the disks' synchronous writes run.
public enum DiskThreadShape: String, CaseIterable, Sendable, Decodable {
    /// On the shared pool, `PoolDisk`: they can hold every thread.
    case pool
    /// Each disk on a thread of its own, `OwnThreadDisk`: the pool stays free.
    case ownThreads
}
