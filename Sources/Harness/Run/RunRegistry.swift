import CHarnessTime
import Foundation
import Synchronization

/// The runs in progress in this process, and the unstructured tasks each one made: what keeps runs that share an
/// actor from taking each other's work.
///
/// Swift Testing runs tests in parallel, so runs are in progress at once, and they share whatever the process
/// shares: a global actor, an actor kept in a static. A task of run B that hops to such an actor while a task of run A
/// holds it waits in the actor's queue, and the runtime runs it where A lets the actor go — on A's thread. Three things
/// follow, and this is where they are kept apart:
/// - Such a task may run there and end with nothing either run sees: no enqueue, no resumption. So every default
///   actor a run's work goes to is noted (a hop, a task made to start on it, an isolated deinit run on it, its
///   processing job enqueued), and two runs in progress that noted the same actor are both touched (`usedActor`):
///   each is run again alone.
/// - Such a task is B's: an unstructured task belongs to the run whose thread first enqueued it, and a job of it
///   enqueued anywhere else — its yield, its sleep, its resumption — goes back to B (`destination(of:from:)`).
/// - While its task waits in that queue, B has nothing ready and nothing it knows of that could resume it, yet it is
///   not deadlocked: A will let the actor go. So B calls a quiet moment a deadlock only once every other run that was
///   busy then has been quiet or ended since (`othersBusy` and `settled`).
///
/// `@unchecked Sendable`: its state is only touched under `lock`.
final class RunRegistry: @unchecked Sendable {
    /// The process's registry.
    static let shared = RunRegistry()

    /// A run in progress, as the registry sees it.
    private struct Entry {
        /// The run's executor. Held unmanaged, not weak: a weak reference gives the executor a side table, and every
        /// retain and release of it (the runtime makes several per job) then takes the slow path. The entry is made
        /// when the run's loop begins and removed before it returns, while the loop's thread holds the executor.
        private let run: Unmanaged<OneThreadExecutor>
        /// The run's executor (read under the registry's lock, while the entry, and so the executor, lives).
        var executor: OneThreadExecutor { run.takeUnretainedValue() }
        /// The unstructured tasks it made, by the runtime's task id.
        var tasks: [UInt64] = []
        /// The default actors its tasks went to, by address (`usedActor`).
        var actors: [UInt] = []

        /// The entry of `executor`'s run.
        init(executor: OneThreadExecutor) {
            run = Unmanaged.passUnretained(executor)
        }
    }

    /// Guards the state below.
    private let lock = OwnLocks.lock()
    /// The runs in progress on a harness thread.
    private var runs: [ObjectIdentifier: Entry] = [:]
    /// The `system` runs in progress: busy until they end (the real pool shows nothing of its state).
    private var systemRuns = 0
    /// How many `system` runs have ended.
    private var systemEnds = 0
    /// Each unstructured task a run made: the run's id.
    private var owners: [UInt64: ObjectIdentifier] = [:]
    /// Each default actor a run's tasks went to (by address): the runs in progress that did. Two of them share it.
    private var actorUsers: [UInt: Set<ObjectIdentifier>] = [:]
    /// Whether any run is in progress (read without the lock on every global enqueue of the process).
    private let anyRun = Atomic<Int>(0)

    /// A run on a harness thread begins.
    func begin(_ executor: OneThreadExecutor) {
        lock.lock()
        runs[ObjectIdentifier(executor)] = Entry(executor: executor)
        lock.unlock()
        // Threads forget the actors they told of runs that ended: this run may have the address of one.
        harness_actor_notes_forget()
        anyRun.add(1, ordering: .sequentiallyConsistent)
    }

    /// A run on a harness thread ended: its tasks are nobody's now.
    func end(_ executor: OneThreadExecutor) {
        lock.lock()
        if let entry = runs.removeValue(forKey: ObjectIdentifier(executor)) {
            for task in entry.tasks { owners[task] = nil }
            forgetActors(entry.actors, of: ObjectIdentifier(executor))
        }
        lock.unlock()
        anyRun.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// A run ended cleanly: no task of it is left on any actor, so it shares none from here on, though its thread is
    /// still to end (`end`) and its caller may begin the next run first. Counted as a user until then, a run whose
    /// scenario goes to the same actor as the one before it would be run again alone, every time.
    func endedCleanly(_ executor: OneThreadExecutor) {
        let id = ObjectIdentifier(executor)
        lock.lock()
        defer { lock.unlock() }
        guard let actors = runs[id]?.actors, !actors.isEmpty else { return }
        forgetActors(actors, of: id)
        runs[id]!.actors = []
    }

    /// Takes run `id` off the users of `actors`. Call under the lock.
    private func forgetActors(_ actors: [UInt], of id: ObjectIdentifier) {
        for actor in actors {
            actorUsers[actor]?.remove(id)
            if actorUsers[actor]?.isEmpty == true { actorUsers[actor] = nil }
        }
    }

    /// A `system` run begins (true) or ends (false).
    func system(_ begins: Bool) {
        lock.lock()
        systemRuns += begins ? 1 : -1
        if !begins { systemEnds += 1 }
        lock.unlock()
        anyRun.add(begins ? 1 : -1, ordering: .sequentiallyConsistent)
    }

    /// The run the current task was made in, if it is in progress: every task of a run but a detached one carries
    /// it (a task-local the scenario's task sets), so a task that yields or sleeps on another run's thread, after an
    /// actor both share ran it there, still says whose it is.
    @TaskLocal static var madeIn: ObjectIdentifier?

    /// The live run `id` names, if any.
    func run(_ id: ObjectIdentifier) -> OneThreadExecutor? {
        lock.lock()
        defer { lock.unlock() }
        guard let run = runs[id]?.executor, !run.isOver else { return nil }
        return run
    }

    /// Where a job the current task enqueues for itself (its yield, its sleep) goes: to the run it was made in, if
    /// that is another run in progress than `here`'s (both are then touched); else where `destination(of:from:)` says.
    func destination(ofOwnJob job: UnownedJob, from here: OneThreadExecutor?) -> OneThreadExecutor? {
        guard anyRun.load(ordering: .relaxed) > 0 else { return here }
        if let id = Self.madeIn, id != here.map(ObjectIdentifier.init), let owner = run(id) {
            owner.touched()
            here?.touched()
            return owner
        }
        return destination(of: job, from: here)
    }

    /// Where a job enqueued on this thread goes: to the run the job's task belongs to, if it is another run in
    /// progress; else to `here` (the run this thread works for, if any), which a new unstructured task of `here`
    /// then belongs to.
    func destination(of job: UnownedJob, from here: OneThreadExecutor?) -> OneThreadExecutor? {
        guard anyRun.load(ordering: .relaxed) > 0 else { return here }
        let task = OneThreadExecutor.taskID(of: job)
        lock.lock()
        defer { lock.unlock() }
        guard task != 0 else {
            if let here { note(Self.actor(of: job), by: here) }
            return here
        }
        if let owner = owners[task], let run = runs[owner]?.executor, run !== here, !run.isOver {
            run.touched()
            here?.touched()
            return run
        }
        if let here, owners[task] == nil, runs[ObjectIdentifier(here)] != nil {
            owners[task] = ObjectIdentifier(here)
            runs[ObjectIdentifier(here)]!.tasks.append(task)
        }
        return here
    }

    /// A task on a thread working for `here` hops to, or is made to start on, the default actor at `actor`
    /// (ForeignExecutors.c): noted as `note` says.
    func usedActor(_ actor: UInt, by here: OneThreadExecutor) {
        lock.lock()
        defer { lock.unlock() }
        note(actor, by: here)
    }

    /// Notes that a task of `here` went to the default actor at `actor`; if another run in progress noted it too, the
    /// two share the actor, and both are touched. Conservative: the two need not have held it at once (an extra run
    /// alone costs time, a task drained unseen a verdict). Call under the lock.
    private func note(_ actor: UInt, by here: OneThreadExecutor) {
        let me = ObjectIdentifier(here)
        guard runs[me] != nil else { return }
        var users = actorUsers[actor] ?? []
        guard !users.contains(me) else { return }
        for other in users { runs[other]?.executor.touched() }
        if !users.isEmpty { here.touched() }
        users.insert(me)
        actorUsers[actor] = users
        runs[me]!.actors.append(actor)
    }

    /// The default actor a job that is no task's processes: the actor a processing job (`ProcessOutOfLineJob`, kind
    /// `DefaultActorSeparate` in the low byte of the `Job` header's flags at byte 32) names in the word after the
    /// header, at byte 64 — the actor's own address, what a hop names. The runtime allocates a new processing job each
    /// time it schedules the actor, so its address says nothing. Any other job is known by its address.
    private static func actor(of job: UnownedJob) -> UInt {
        let header = unsafeBitCast(job, to: UnsafeRawPointer.self)
        let defaultActorSeparate: UInt32 = 193
        guard header.load(fromByteOffset: 32, as: UInt32.self) & 0xff == defaultActorSeparate else {
            return UInt(bitPattern: header)
        }
        return header.load(fromByteOffset: 64, as: UInt.self)
    }

    /// What was busy at one moment: the other runs, each with how often it had been quiet then, and the `system`
    /// runs in progress with how many had ended.
    struct Snapshot {
        /// The other runs busy then.
        fileprivate var runs: [(run: OneThreadExecutor, quiet: Int)]
        /// `system` runs in progress then, and `system` runs ended by then.
        fileprivate var system: (inProgress: Int, ended: Int)
        /// Whether nothing else was busy.
        var isEmpty: Bool { runs.isEmpty && system.inProgress == 0 }
    }

    /// The other runs busy now: what `settled` compares against.
    func othersBusy(besides executor: OneThreadExecutor) -> Snapshot {
        lock.lock()
        defer { lock.unlock() }
        let busy = runs.values.map(\.executor).filter { $0 !== executor && !$0.isOver && !$0.isQuiet }
        return Snapshot(runs: busy.map { ($0, $0.quietTimes) }, system: (systemRuns, systemEnds))
    }

    /// The threads of the runs that only wait for other runs to settle, each with how often its run had been quiet.
    /// They wake every few milliseconds to look, as a `system` run's watcher does: a `system` run waiting for the
    /// process to stand still must not count them as work, or it and a run waiting for it to end would each wait for
    /// the other until the run's `outsideWorkLimit`.
    func waitingForOthers() -> [Int32: Int] {
        lock.lock()
        defer { lock.unlock() }
        var threads: [Int32: Int] = [:]
        for entry in runs.values where entry.executor.waitsForOthers.load(ordering: .relaxed) && !entry.executor.isOver {
            threads[entry.executor.threadID.load(ordering: .acquiring)] = entry.executor.quietTimes
        }
        return threads
    }

    /// Whether every run busy at the snapshot has been quiet or ended since, and as many `system` runs have ended as
    /// were in progress then.
    func settled(_ snapshot: Snapshot) -> Bool {
        let ends = lock.withLock { systemEnds }
        return ends - snapshot.system.ended >= snapshot.system.inProgress
            && snapshot.runs.allSatisfy { $0.run.isOver || $0.run.quietTimes != $0.quiet }
    }
}
