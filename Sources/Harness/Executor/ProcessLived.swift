import CHarnessTime
import Synchronization

/// Tasks that live as long as the process: started while a lazy global or `static let` was initialised (a janitor a
/// shared cache starts at its first use), on a harness thread. The run whose scenario touched the value first made
/// them, but they are the value's, not the run's: when the scenario returns they are neither leftover work nor
/// dropped with the run. Their jobs wait here, parked, until a later run has nothing of its own to do and adopts them
/// (`Scheduler`), as the real runtime would have gone on running them between the two runs.
///
/// A task a scenario starts in its own code is the scenario's, as before: leaked, it is leftover work.
final class ProcessLived: Sendable {
    /// The one registry: such tasks outlive every run.
    static let shared = ProcessLived()

    /// The tasks, by the runtime's id, and their jobs parked by runs that ended, in the order the runs reached them.
    /// A sleep's wake-up job is no task: it is known by its number from when such a task set its timer until it runs.
    /// Each is kept with the global whose initialiser started it (its `swift_once` predicate, as a number): only a run
    /// that used that global takes its work in.
    private let state = Mutex<(tasks: [UInt64: UInt], wakeUps: [Scheduler.Job: UInt], parked: [(job: Scheduler.Job, global: UInt)])>(([:], [:], []))
    /// Whether any task was ever marked: until then a run asks nothing (a lock-free look on every job).
    private let anyTask = Atomic<Bool>(false)

    /// Whether the calling thread is initialising a lazy global or `static let` now.
    static var initialising: Bool { harness_static_init_depth() > 0 }

    /// Marks `task` (a runtime task id, not 0), started by the initialiser running now, as living as long as the process.
    func mark(_ task: UInt64) {
        let global = harness_static_init_predicate()
        harness_static_watch(global)
        state.withLock { $0.tasks[task] = UInt(bitPattern: global) }
        anyTask.store(true, ordering: .releasing)
    }

    /// Whether `task` lives as long as the process.
    func contains(_ task: UInt64) -> Bool {
        guard task != 0, anyTask.load(ordering: .acquiring) else { return false }
        return state.withLock { $0.tasks[task] != nil }
    }

    /// The global whose work `job` is, if it is such work. Call under the lock.
    private static func global(of job: Scheduler.Job,
                               in state: (tasks: [UInt64: UInt], wakeUps: [Scheduler.Job: UInt], parked: [(job: Scheduler.Job, global: UInt)])) -> UInt? {
        if let global = state.wakeUps[job] { return global }
        let task = OneThreadExecutor.taskID(of: OneThreadExecutor.job(numbered: job))
        return task == 0 ? nil : state.tasks[task]
    }

    /// Whether `job`, as a scheduler numbers it (an odd number is a paused worker, no job), is such a task's.
    func owns(_ job: Scheduler.Job) -> Bool {
        guard anyTask.load(ordering: .acquiring), job & 1 == 0 else { return false }
        return state.withLock { Self.global(of: job, in: $0) != nil }
    }

    /// Marks `job`, a timer's job such a task set, as its.
    func markWakeUp(_ job: Scheduler.Job, of running: Scheduler.Job) {
        state.withLock { state in
            if let global = Self.global(of: running, in: state) { state.wakeUps[job] = global }
        }
    }

    /// `job` of such work ran: a wake-up's number may be another job's later.
    func ran(_ job: Scheduler.Job) {
        state.withLock { _ = $0.wakeUps.removeValue(forKey: job) }
    }

    /// The scheduler's view of such work (`Scheduler.Lodgers`).
    static var lodgers: Scheduler.Lodgers {
        Scheduler.Lodgers(owns: { shared.owns($0) }, markWakeUp: { shared.markWakeUp($0, of: $1) }, ran: { shared.ran($0) },
                          park: { shared.park($0) }, adopt: { shared.adopt() })
    }

    /// Keeps `job` of such a task for a later run.
    func park(_ job: Scheduler.Job) {
        state.withLock { state in
            if let global = Self.global(of: job, in: state) { state.parked.append((job, global)) }
        }
    }

    /// Takes every parked job of the globals the calling thread's run used (`harness_static_touched`), oldest first:
    /// the calling run adopts them. A run that never used the global never sees its work.
    func adopt() -> [Scheduler.Job] {
        guard anyTask.load(ordering: .acquiring) else { return [] }
        return state.withLock { state in
            let taken = state.parked.filter { harness_static_touched(UnsafeMutableRawPointer(bitPattern: $0.global)) != 0 }
            guard !taken.isEmpty else { return [] }
            state.parked.removeAll { harness_static_touched(UnsafeMutableRawPointer(bitPattern: $0.global)) != 0 }
            return taken.map(\.job)
        }
    }
}
