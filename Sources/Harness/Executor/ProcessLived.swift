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
    private let state = Mutex<(tasks: Set<UInt64>, wakeUps: Set<Scheduler.Job>, parked: [Scheduler.Job])>(([], [], []))
    /// Whether any task was ever marked: until then a run asks nothing (a lock-free look on every job).
    private let anyTask = Atomic<Bool>(false)

    /// Whether the calling thread is initialising a lazy global or `static let` now.
    static var initialising: Bool { harness_static_init_depth() > 0 }

    /// Marks `task` (a runtime task id, not 0) as living as long as the process.
    func mark(_ task: UInt64) {
        state.withLock { _ = $0.tasks.insert(task) }
        anyTask.store(true, ordering: .releasing)
    }

    /// Whether `task` lives as long as the process.
    func contains(_ task: UInt64) -> Bool {
        guard task != 0, anyTask.load(ordering: .acquiring) else { return false }
        return state.withLock { $0.tasks.contains(task) }
    }

    /// Whether `job`, as a scheduler numbers it (an odd number is a paused worker, no job), is such a task's.
    func owns(_ job: Scheduler.Job) -> Bool {
        guard anyTask.load(ordering: .acquiring), job & 1 == 0 else { return false }
        let task = OneThreadExecutor.taskID(of: OneThreadExecutor.job(numbered: job))
        return state.withLock { $0.wakeUps.contains(job) || (task != 0 && $0.tasks.contains(task)) }
    }

    /// Marks `job`, a timer's job such a task set, as its.
    func markWakeUp(_ job: Scheduler.Job) {
        state.withLock { _ = $0.wakeUps.insert(job) }
    }

    /// `job` of such work ran: a wake-up's number may be another job's later.
    func ran(_ job: Scheduler.Job) {
        state.withLock { _ = $0.wakeUps.remove(job) }
    }

    /// The scheduler's view of such work (`Scheduler.Lodgers`).
    static var lodgers: Scheduler.Lodgers {
        Scheduler.Lodgers(owns: { shared.owns($0) }, markWakeUp: { shared.markWakeUp($0) }, ran: { shared.ran($0) },
                          park: { shared.park($0) }, adopt: { shared.adopt() })
    }

    /// Keeps `job` of such a task for a later run.
    func park(_ job: Scheduler.Job) {
        state.withLock { $0.parked.append(job) }
    }

    /// Takes every parked job, oldest first: the calling run adopts them.
    func adopt() -> [Scheduler.Job] {
        guard anyTask.load(ordering: .acquiring) else { return [] }
        return state.withLock { state in
            defer { state.parked = [] }
            return state.parked
        }
    }
}
