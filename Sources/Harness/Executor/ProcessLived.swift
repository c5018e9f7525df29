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
    /// Out of line: `global(ofJob:)` asked at every pick nearly always answers before it, and with this inlined that
    /// answer saved and restored five registers.
    @inline(never)
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
        // Taken once here: the scheduler asks `global` at every job, and a read of the static is a `swift_once`.
        let shared = shared
        return Scheduler.Lodgers(global: { shared.global(ofJob: $0) }, park: { shared.park($0) },
                                 adopt: { shared.adopt() })
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

// Timer sources that live as long as the process: a repeating `DispatchSourceTimer` made while a lazy global or
// `static let` was initialised (a heartbeat a shared value starts at its first use). OutsideWork.c follows it as the
// outside work of the run that made it, as any source a run makes. When that run ends it is parked (it fires for no
// run), and a later run that used the same global adopts it at the point where it has nothing of its own to do, as it
// adopts a parked task's work: from then on the source is that run's outside work, its timer the run's (virtual time,
// or the strict run's own clock), due at once (the time between the runs has passed) and every interval after. So the
// same seed gives the same firings, whatever ran before, and a run that never used the global never sees them.
extension OneThreadExecutor {
    /// Adopts the parked timer sources of the globals this run used, oldest parked first: whether it adopted any. Call
    /// under the lock, where the run would be quiet.
    func adoptParkedSources() -> Bool {
        guard !sourcesGivenBack, !scheduler.finished else { return false }
        var items = [UnsafeMutableRawPointer?](repeating: nil, count: 16)
        let count = Int(harness_outside_parked_sources(&items, Int32(items.count)))
        guard count > 0 else { return false }
        let me = Unmanaged.passUnretained(self)
        for case let item? in items[..<count] {
            let serial = outside.begin(.source, label: String(cString: harness_outside_source_label(item)))
            // The source's hold on the run, as the callback that begins any outside work takes one; the run that parked
            // it lets go of its own.
            _ = me.retain()
            var interval: Int64 = -1, parkedSerial: UInt64 = 0
            if let parkedBy = harness_outside_adopt_source(item, me.toOpaque(), serial, &interval, &parkedSerial) {
                Unmanaged<OneThreadExecutor>.fromOpaque(parkedBy).release()
            }
            sourceTimers[serial] = (item, interval)
            adoptedSources.insert(serial)
            scheduler.setOutsideTimer(serial, deadline: scheduler.time.now())
        }
        progressAtAdoptedFiring = nil
        return true
    }

    /// Whether adopted source `serial`, its timer due, fires now. Not while its last firing still runs (a strict run's
    /// handler on a slow thread: its timer is set again, as Dispatch merges a firing due while the handler runs). Not,
    /// and the run gives back every source it adopted, if nothing came of its last firing (no job ran, none arrived):
    /// a heartbeat beside a run it never resumes, which is then judged without it. Call under the lock.
    func adoptedSourceMayFire(_ serial: UInt64, interval: Int64) -> Bool {
        guard let state = outside.items[serial]?.state else {
            // Cancelled: its end was told.
            sourceTimers[serial] = nil
            adoptedSources.remove(serial)
            return false
        }
        guard case .source = state else {
            scheduler.setOutsideTimer(serial, deadline: scheduler.time.repeatDue(after: interval))
            return false
        }
        if progressAtAdoptedFiring == progress {
            parkProcessLivedSources()
            sourcesGivenBack = true
            return false
        }
        progressAtAdoptedFiring = progress
        return true
    }

    /// Parks every process-lived timer source the run follows (at its end, or when it gives them back): no firing of
    /// one runs until a later run adopts it. Call under the lock.
    func parkProcessLivedSources() {
        var serials = [UInt64](repeating: 0, count: 16)
        let count = Int(harness_outside_park_sources(Unmanaged.passUnretained(self).toOpaque(), &serials, Int32(serials.count)))
        for serial in serials[..<count] {
            sourceTimers[serial] = nil
            adoptedSources.remove(serial)
            outside.end(serial)
        }
    }
}
