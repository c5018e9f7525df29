import CHarnessTime
import Synchronization

/// Tasks that live as long as the process: started while a lazy global or `static let` was initialised (a janitor a
/// shared cache starts at its first use), on a harness thread. The run whose scenario touched the value first made
/// them, but they are the value's, not the run's: when the scenario returns they are neither leftover work nor
/// dropped with the run. Their jobs wait here, parked, until a later run has nothing of its own to do and adopts them
/// (`Scheduler`), as the real runtime would have gone on running them between the two runs.
///
/// A task a scenario starts in its own code is the scenario's, as before: leaked, it is leftover work.
///
/// A scheduler asks about every job it picks, so that question takes no lock: a harness thread waiting on a lock whose
/// holder is preempted would be waiting on neither a CPU nor the run, and the strict run's clock would count it.
final class ProcessLived: Sendable {
    /// The one registry: such tasks outlive every run.
    static let shared = ProcessLived()

    /// A parked job and the global whose initialiser started its task (its `swift_once` predicate, as a number): only
    /// a run that used that global takes it in.
    typealias Parked = (job: Scheduler.Job, global: UInt)

    /// The tasks, by the runtime's id, each with its global: never changed once published.
    private final class Tasks: Sendable {
        let globals: [UInt64: UInt]
        init(_ globals: [UInt64: UInt]) { self.globals = globals }
    }

    /// The tasks now, as an `Unmanaged<Tasks>` address (0: none yet). A new table replaces it for each task marked
    /// (a handful in a process); every table published is retained for ever, so one read stays valid however old.
    private let published = Atomic<UInt>(0)
    /// Jobs parked by runs that ended, in the order the runs reached them; also serialises `mark`.
    private let parked = Mutex<[Parked]>([])
    /// How many jobs are parked: a run with nothing to adopt looks without the lock.
    private let parkedCount = Atomic<Int>(0)

    /// Whether the calling thread is initialising a lazy global or `static let` now.
    static var initialising: Bool { harness_static_init_depth() > 0 }

    /// Marks `task` (a runtime task id, not 0), started by the initialiser running now, as living as long as the process.
    func mark(_ task: UInt64) {
        let global = harness_static_init_predicate()
        harness_static_watch(global)
        parked.withLock { _ in
            var globals = tasks?.globals ?? [:]
            globals[task] = UInt(bitPattern: global)
            published.store(UInt(bitPattern: Unmanaged.passRetained(Tasks(globals)).toOpaque()), ordering: .releasing)
        }
    }

    /// The table published last, if any task was marked.
    private var tasks: Tasks? {
        let address = published.load(ordering: .acquiring)
        guard let pointer = UnsafeRawPointer(bitPattern: address) else { return nil }
        return Unmanaged<Tasks>.fromOpaque(pointer).takeUnretainedValue()
    }

    /// The global whose initialiser started `task` (a runtime task id), if it lives as long as the process. No lock.
    func global(ofTask task: UInt64) -> UInt? {
        guard task != 0, let tasks else { return nil }
        return tasks.globals[task]
    }

    /// The global whose task `job` (as a scheduler numbers it; an odd number is a paused worker, no job) is, if it is
    /// such a task's own job. A sleep's wake-up job has no task: the scheduler knows those itself. No lock.
    func global(ofJob job: Scheduler.Job) -> UInt? {
        guard job & 1 == 0, published.load(ordering: .relaxed) != 0 else { return nil }
        return global(ofTask: OneThreadExecutor.taskID(of: OneThreadExecutor.job(numbered: job)))
    }

    /// The scheduler's view of such work (`Scheduler.Lodgers`).
    static var lodgers: Scheduler.Lodgers {
        Scheduler.Lodgers(global: { shared.global(ofJob: $0) }, park: { shared.park($0) }, adopt: { shared.adopt() })
    }

    /// Keeps `jobs` of such tasks, left by a run that ended, for a later run.
    func park(_ jobs: [Parked]) {
        guard !jobs.isEmpty else { return }
        parked.withLock { parked in
            parked.append(contentsOf: jobs)
            parkedCount.store(parked.count, ordering: .releasing)
        }
    }

    /// Takes every parked job of the globals the calling thread's run used (`harness_static_touched`), oldest first:
    /// the calling run adopts them. A run that never used the global never sees its work.
    func adopt() -> [Parked] {
        guard parkedCount.load(ordering: .acquiring) > 0 else { return [] }
        return parked.withLock { parked in
            let used = { (entry: Parked) in harness_static_touched(UnsafeMutableRawPointer(bitPattern: entry.global)) != 0 }
            let taken = parked.filter(used)
            guard !taken.isEmpty else { return [] }
            parked.removeAll(where: used)
            parkedCount.store(parked.count, ordering: .releasing)
            return taken
        }
    }
}
