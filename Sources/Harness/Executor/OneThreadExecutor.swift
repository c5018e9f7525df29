#if os(Linux) || HARNESS_EXECUTOR_SPI
@_spi(ExperimentalScheduling) import _Concurrency
#endif
import CHarnessTime
import Foundation
import Synchronization

/// A task executor with exactly one thread of its own: the strict pool, and the seeded scheduler.
///
/// Jobs arrive through `enqueue` (tasks that prefer this executor, their child tasks, default actors
/// they call), through the global-enqueue hook (`Task {}` and `Task.detached` created on this
/// thread) and through `mainLane` (main-actor work started on this thread). Timers arrive through
/// `SchedulingExecutor`, which `Task.sleep` asks on this toolchain. What runs next is the
/// `Scheduler`'s decision; this class keeps only the lock, the thread, running jobs and the clock
/// switch, and reports the end.
///
/// `@unchecked Sendable`: `scheduler` (the run's time with it), `result`, `notes`, `completed` and `abandoned` are read
/// and written under `condition`; `runningMainJob` only on the harness thread; the atomics anywhere.
/// `@exclusivity(unchecked)` on the state every job touches (`scheduler`, `events`, `inJob`, the job
/// starts, `mainLane`, `abandoned`, `runningMainJob`, `outside`, `held`, the quiet and waiting marks, `progress`,
/// `sourcesGivenBack`): its lock (`condition`, or `heldLock` for `held`), or the harness thread alone, already keeps
/// two accesses from overlapping, and the runtime's check of each access cost about a tenth of a job. What its
/// extensions in other files (`+OutsideWork`, `+Timers`) use is internal rather than private, for them alone.
final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// The lock that guards the executor's state, and the signal that work arrived.
    let condition = OwnLocks.condition()
    /// The schedule this executor plays.
    let schedule: Schedule
    /// The run's limits.
    let options: RunOptions
    /// Called once, with the run's record or its failure.
    private let onComplete: @Sendable (Result<RunRecord, HarnessFailure>) -> Void
    /// When the run started, in real time, on the coarse clock every job's start is read from (it costs a few
    /// nanoseconds and no conversion; its tick, 4 ms here, is nothing beside the watchdog's limits).
    let startedAt = harness_coarse_monotonic_nanoseconds()
    /// The serial executor that stands for the main actor inside this run.
    @exclusivity(unchecked) private(set) var mainLane: MainLane!

    /// Picks the jobs, keeps the timers and the run's time (`Scheduler.time`).
    @exclusivity(unchecked) var scheduler: Scheduler
    /// The scenario's result, once it returned or threw.
    private var result: Result<any Sendable, any Error>? = nil
    /// Whether `onComplete` has been called.
    var completed = false
    /// Whether it was called with a record: the run ended by itself, neither failed nor ended by the watchdog (under
    /// `condition`). Only then are its threads kept for other runs (`HarnessThreads`).
    private var succeeded = false
    /// Whether the thread must stop at its next look at the queue (after a failure from outside).
    @exclusivity(unchecked) var abandoned = false
    /// The last notes the scenario left, oldest first.
    private var notes: [String] = []
    /// Every note, with the task that left it.
    private var timeline = Timeline()
    /// What the run's tasks did on the harness thread, for a timeline without notes.
    @exclusivity(unchecked) var events = RunEvents()
    /// Whether a job is running now (harness thread only): only then does an enqueue or a timer come from a task.
    @exclusivity(unchecked) var inJob = false
    /// The identity of the main lane's executor reference: where the runtime says main-actor code runs in this run.
    private var mainIdentity: UnsafeRawPointer { UnsafeRawPointer(Unmanaged.passUnretained(mainLane).toOpaque()) }
    /// The unnamed tasks that left notes, by the runtime's task id: their number in the timeline.
    private var unnamedTasks: [UInt64: Int] = [:]
    /// Timers whose duration had to be guessed from a real-clock deadline.
    private var guessedTimers = 0
    /// Whether the job running now is the main actor's (harness thread only).
    @exclusivity(unchecked) var runningMainJob = false
    /// The work the run handed outside its thread (Dispatch blocks, threads), under way.
    @exclusivity(unchecked) var outside = OutsideWork()
    /// Steps outside work took since the run last ran a job of its own, that outside work itself made — a Dispatch
    /// block or a hop handed out by outside work, a job on a thread the run follows (`OutsideWork.Kind.adopted`), a
    /// sleep of a thread of the run's: what `RunOptions.escapedWorkLimit` bounds (under `condition`).
    @exclusivity(unchecked) var escapedSteps = 0
    /// Where threads of the run's outside work wait for the run's timers to end their sleeps (taken after
    /// `condition` by the harness thread, never while holding it by a sleeper).
    let sleepers = OwnLocks.condition()
    /// The sleeps whose timers fired, not yet ended by their threads (under `sleepers`).
    var sleepsEnded: Set<UInt64> = []
    /// Whether every sleep ends at once: the run is over (under `sleepers`).
    var sleepsReleased = false
    /// Spare time spent waiting for known outside work since anything last happened (`outsideWorkLimit`); started
    /// afresh at each such wait, so a run's start reads nothing of the machine.
    private var outsideWait = SpareTime(wall: 0, busy: nil)
    /// Whether the last step was a wait for known outside work (so that `outsideWait` goes on counting).
    @exclusivity(unchecked) private var waitingForOutside = false
    /// Threads other than the harness's on their way into `condition` to bring the run something (a job, news of
    /// its outside work): while one waits for the lock the harness thread holds, `/proc` shows it waiting for
    /// another thread, yet it is about to resume the run.
    private let arriving = Atomic<Int>(0)
    /// Whether the run is over, readable without the lock (`completed`'s mirror, for threads outside the run).
    private let over = Atomic<Bool>(false)
    /// Outside work the job running now handed out, held until it has run to its next suspension (`HeldWork`),
    /// with its serial number.
    @exclusivity(unchecked) var held: [(work: HeldWork, serial: UInt64)] = []
    /// Guards `held` (the job runs with `condition` released; the watchdog may let held work go).
    let heldLock = OwnLocks.lock()
    /// `held.count`, stored under `heldLock` whenever it changes: a look without the lock at the end of every job, where
    /// nothing is held nearly always (reading 0 is what taking the lock then would have found).
    let heldCount = Atomic<Int>(0)
    /// The run's worker threads (`+Locks`): index 0 is the run's own thread; the others were made when a job
    /// paused at a lock. Touched by the baton's holder only (under `condition` where a worker is handed an order).
    @exclusivity(unchecked) var workers: [Worker] = []
    /// Workers with nothing to do, waiting for an order.
    @exclusivity(unchecked) var idleWorkers: [Worker] = []
    /// The workers blocked on each counted mutex, and which worker holds each (baton holder only).
    @exclusivity(unchecked) var lockWaiters: [UnsafeMutableRawPointer: [Worker]] = [:]
    /// The workers waiting in the run for a Dispatch semaphore, in the order they began to wait (baton holder only).
    @exclusivity(unchecked) var semaphoreWaiters: [Worker] = []
    /// Times a job waited for a `Synchronization.Mutex` another job held (baton holder only).
    @exclusivity(unchecked) var mutexWaits = 0
    /// How many candidates the scheduler has besides the running job, where Locks.c reads it: no choice point while 0
    /// (written by the baton holder; freed with the executor).
    let othersReady: UnsafeMutablePointer<Int32> = {
        let word = UnsafeMutablePointer<Int32>.allocate(capacity: 1)
        word.initialize(to: 0)
        return word
    }()
    /// Which watched globals the run used (a bit each, `harness_static_touches_into`): whose process-lived work it may
    /// take in. Written by the run's bound threads; freed with the executor, which every bound thread keeps alive.
    let staticTouches: UnsafeMutableRawPointer = {
        let word = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        word.initialize(to: 0)
        return UnsafeMutableRawPointer(word)
    }()
    /// The job running now, as the scheduler numbers it (baton holder only).
    @exclusivity(unchecked) var runningEntryJob = 0
    /// The timer sources on the run's clock: the C record to fire, and the interval (-1: once).
    var sourceTimers: [UInt64: (item: UnsafeMutableRawPointer, interval: Int64)] = [:]
    /// The process-lived timer sources this run adopted, by serial number (`adoptParkedSources`; under `condition`).
    var adoptedSources: Set<UInt64> = []
    /// Whether the run gave back the sources it adopted, their firings having brought it nothing: it adopts none again
    /// until a job runs (under `condition`).
    @exclusivity(unchecked) var sourcesGivenBack = false
    /// Jobs run and jobs arrived from other threads so far: what a firing of an adopted source may have brought
    /// (under `condition`).
    @exclusivity(unchecked) var progress = 0
    /// `progress` when an adopted source last fired (under `condition`).
    var progressAtAdoptedFiring: Int?
    /// The job the watchdog last saw holding outside work (its number): seen twice, the work goes (watchdog only).
    let jobSeenHolding = Atomic<Int>(0)
    /// Whether the run is quiet: nothing of its own to do, nothing it knows of that could resume it (`RunRegistry`).
    private let quiet = Atomic<Bool>(false)
    /// How often it has been quiet.
    private let quietCount = Atomic<Int>(0)
    /// What other runs were busy when this one was last about to be called a deadlock (`RunRegistry`).
    @exclusivity(unchecked) private var othersAtQuiet: RunRegistry.Snapshot?
    /// Whether work of another run in progress came this run's way (a task waiting on an actor both share, resumed
    /// here), or work of this run went another's: its schedule is not its own, and `run` runs it again alone.
    private let touchedAnotherRun = Atomic<Bool>(false)

    /// Marks this run and the one whose thread this is, if it is another run's, as touched: a task of this run runs
    /// there (an actor both share let it go there).
    private func noteTouchFromAnotherRun() {
        if let other = ThreadBinding.current, other !== self {
            touched()
            other.touched()
        }
    }

    /// Marks the run as touched by another (`touchedAnotherRun`).
    func touched() { touchedAnotherRun.store(true, ordering: .relaxed) }
    /// Whether another run touched this one.
    var wasTouched: Bool { touchedAnotherRun.load(ordering: .relaxed) }
    /// Real times at which the last four jobs started (`harness_coarse_monotonic_nanoseconds`), in a ring whose next
    /// slot is `recentJobNext` (harness thread only; used only where virtual time cannot be shown to the scenario, to
    /// guess a sleep's duration). Inline: an array's write would check its buffer is unique first, at every job.
    @exclusivity(unchecked) private var recentJobStarts = InlineArray<4, Int64>(repeating: harness_coarse_monotonic_nanoseconds())
    /// The ring's slot for the next job's start, which holds the oldest of the four.
    @exclusivity(unchecked) private var recentJobNext = 0

    /// The number of the job running now (from 1), or 0 when the thread is idle: what the watchdog reads.
    let runningJob = Atomic<Int>(0)
    /// When the job running now started, in nanoseconds since the run started.
    let runningJobStart = Atomic<Int64>(0)
    /// The harness thread's kernel id, once it runs (0 before, and where it cannot be read).
    let threadID = Atomic<Int32>(0)
    /// Whether the harness thread's loop has begun: before it, the run has had none of its time.
    let loopBegan = Atomic<Bool>(false)
    /// Whether the run, deadlocked, is waiting for other runs to settle before it says so: what the watchdog leaves
    /// out of the run's time, as that wait lasts as long as other tests' runs, not this scenario.
    let waitsForOthers = Atomic<Bool>(false)
    /// While the run waits for a timer of its own with no outside work in flight, that wait's number (from 1; it
    /// keeps its number until a job or anything else is done), else 0: the watchdog counts such a wait as the run's own
    /// time on its clock, whatever the machine's load (`HoldMeter.look`'s `timerWait`).
    let ownTimerWait = Atomic<Int>(0)
    /// How many such waits there have been.
    private var ownTimerWaits = 0
    /// The CPU time the harness thread had used when its loop began (-1 before, or where it cannot be read).
    let threadCPUAtStart = Atomic<Int64>(-1)
    /// The machine's busy total when the loop began (`MachineBusy`; -1 before, or where it cannot be read).
    let machineBusyAtStart = Atomic<Int64>(-1)

    /// An executor that runs what `scheduler` picks (`schedule` names the run in its reports) and reports through
    /// `onComplete`.
    init(schedule: Schedule, scheduler: Scheduler, options: RunOptions,
         onComplete: @escaping @Sendable (Result<RunRecord, HarnessFailure>) -> Void) {
        self.schedule = schedule
        self.options = options
        self.onComplete = onComplete
        self.scheduler = scheduler
        mainLane = MainLane.make(for: self)
    }

    // MARK: Receiving work

    /// Takes a job that is ready now.
    func enqueue(_ job: consuming ExecutorJob) {
        accept(UnownedJob(job))
    }

    /// Takes a job that is ready now: the door for every job, from `enqueue`, the global hook and
    /// the main lane. One made on the harness thread is ready at once; one from outside (a continuation resumed on
    /// another thread, a task enqueued there) waits until the run has nothing else ready (`Scheduler.arrive`).
    func accept(_ job: UnownedJob, isMain: Bool = false) {
        if ThreadBinding.current === self {
            condition.lock()
            if inJob { events.enqueue(UInt32(truncatingIfNeeded: Self.taskID(of: job)), main: mainIdentity) }
            if inJob, ProcessLived.initialising { markProcessLived(job) }
            scheduler.enqueue(Self.number(of: job), isMain: isMain)
            noteCandidates()
            // No signal: the one thread that waits on `condition` for work is this one, busy now.
        } else {
            noteTouchFromAnotherRun()
            lockState()
            let mine = harness_helper_run() == Unmanaged.passUnretained(self).toOpaque()
            if mine { outside.arrived(Self.number(of: job), from: harness_helper_serial()) }
            progress += 1
            scheduler.arrive(Self.number(of: job), isMain: isMain, from: mine ? harness_helper_serial() : .max)
            condition.signal()
        }
        condition.unlock()
    }

    /// Marks the task of `job`, enqueued while a lazy global or `static let` is initialised, as living as long as the
    /// process (`ProcessLived`), unless it is the task running now (a task resumed there, not one started there).
    private func markProcessLived(_ job: UnownedJob) {
        let task = Self.taskID(of: job)
        let running = runningEntryJob & 1 == 0 && runningEntryJob != 0
            ? Self.taskID(of: Self.job(numbered: runningEntryJob)) : 0
        if task != 0, task != running { ProcessLived.shared.mark(task) }
    }

    /// Takes the lock. A thread other than the harness's is counted in `arriving` while it waits for it: it is on
    /// its way to bring the run something, though `/proc` shows it waiting for another thread (the harness thread,
    /// which holds the lock while it judges).
    func lockState() {
        guard ThreadBinding.current !== self else {
            condition.lock()
            return
        }
        arriving.add(1, ordering: .sequentiallyConsistent)
        condition.lock()
        arriving.subtract(1, ordering: .sequentiallyConsistent)
    }

    /// Sets a timer for `job`, `nanoseconds` from now on the run's clock.
    func setTimer(_ job: UnownedJob, afterNanoseconds nanoseconds: Int64, guessed: Bool = false) {
        let own = ThreadBinding.current === self
        setTimer(job, guessed: guessed, lasting: guessed ? -1 : max(nanoseconds, 0)) { [self] in
            scheduler.time.due(after: nanoseconds, onRunThread: own)
        }
    }

    /// Sets a timer for `job`, the harness thread's own under real time, `duration` after the thread's read of the
    /// clock it came from: `readAt` is what the read gave (real time, as `RunClock` reads it), `waitAtRead` the
    /// thread's wait for a CPU just before it (`harness_wait_at_clock_read`). A wait between that read and this call
    /// neither shortens the timer nor lets it overtake one set before it.
    func setTimer(_ job: UnownedJob, readAt: Int64, waitAtRead: Int64, after duration: Int64) {
        setTimer(job, guessed: false, lasting: max(duration, 0)) { [self] in
            scheduler.time.due(readAt: readAt, waitAtRead: waitAtRead, after: duration)
        }
    }

    /// Sets a timer for `job` due at what `deadline` gives under the lock, for a sleep of `duration` nanoseconds (for
    /// the timeline, -1 if guessed; under virtual time the distance to the deadline).
    private func setTimer(_ job: UnownedJob, guessed: Bool, lasting duration: Int64, deadline: () -> Int64) {
        noteTouchFromAnotherRun()
        lockState()
        let due = deadline()
        if inJob, ThreadBinding.current === self {
            let timer = UInt32(truncatingIfNeeded: Self.taskID(of: job))
            events.sleep(scheduler.time.timelineLength(until: due, asked: duration), timer: timer, main: mainIdentity)
        }
        scheduler.setTimer(Self.number(of: job), deadline: due)
        if guessed { guessedTimers += 1 }
        condition.signal()
        condition.unlock()
    }

    /// The run's time now (`RunTime.now`): virtual, or the strict run's clock since the start.
    var elapsed: Duration {
        lockState()
        defer { condition.unlock() }
        return .nanoseconds(scheduler.time.now())
    }

    /// Keeps a note for a failure report (the last twenty) and the timeline (`task`: who left it, by name; an
    /// unnamed task by `taskID`, the runtime's id for it, as `task 1`, `task 2`… in the order they first noted).
    func note(_ text: String, task: String? = nil, taskID: UInt64? = nil) {
        lockState()
        notes.append(text)
        if notes.count > 20 { notes.removeFirst() }
        var name = task ?? "(unnamed)"
        if task == nil, let taskID {
            // Numbered per run, not by the runtime's id (which grows across a process): the same schedule gives
            // the same timeline in any process.
            if unnamedTasks[taskID] == nil { unnamedTasks[taskID] = unnamedTasks.count + 1 }
            name = "task \(unnamedTasks[taskID]!)"
        }
        timeline.append(Timeline.Entry(task: name, text: text))
        condition.unlock()
    }

    /// Records the scenario's result: from here on the run drains and is judged.
    func scenarioFinished(_ result: Result<any Sendable, any Error>) {
        lockState()
        self.result = result
        scheduler.scenarioFinished()
        condition.unlock()
    }

    // MARK: The loop

    /// Lets the word Locks.c reads go (its jobs are over: a thread running one keeps the executor alive).
    deinit {
        othersReady.deallocate()
        staticTouches.deallocate()
    }

    /// Whether the run is over and ended cleanly (`succeeded`): its threads may be kept.
    var endedCleanly: Bool {
        condition.lock()
        defer { condition.unlock() }
        return completed && succeeded
    }

    /// The run thread's whole life: ask the scheduler, do what it says, until the run is over. Returns whether it
    /// ended cleanly, so that the thread may be kept for another run (`HarnessThreads`).
    func loop() -> Bool {
        RunRegistry.shared.begin(self)
        ThreadBinding.bind(self)
        let me = adoptThread()
        threadCPUAtStart.store(harness_thread_cpu_nanoseconds(), ordering: .relaxed)
        machineBusyAtStart.store(MachineBusy.baseline() ?? -1, ordering: .relaxed)
        threadID.store(ThreadTime.currentThreadID(), ordering: .releasing)
        loopBegan.store(true, ordering: .releasing)
        condition.lock()
        scheduler.time.count(thread: threadID.load(ordering: .relaxed))
        condition.unlock()
        workerLife(me, first: .loop)
        harness_worker_set(nil)
        ThreadBinding.unbind()
        return endedCleanly
    }

    /// The run's loop on the worker holding the baton: asks the scheduler, does what it says. Call under the lock.
    /// Returns true, under the lock, once the run is over; false, without it, once it handed the baton to a paused
    /// worker (the caller goes idle).
    func steps(_ me: Worker) -> Bool {
        while !abandoned {
            if escapedSteps > options.escapedWorkLimit {
                escapedWorkSpun()
                continue
            }
            mutexesFreed()
            semaphoresFreed()
            var step = scheduler.next(outsideMayResume: outsideMayResume)
            if semaphoreWaitGoesToTheLibrary(step) { continue }
            if case .waitForOutsideWork(known: true) = step {} else { waitingForOutside = false }
            var waitingForOthers = false
            switch step {
            case .end(.deadlock), .waitForOutsideWork(known: false):
                // Nothing of the run's own can go on: a timer source earlier runs left may (a heartbeat's firing).
                if adoptParkedSources() { continue }
            default: break
            }
            if case .end(.deadlock) = step, !othersHaveSettled() {
                step = .waitForOutsideWork(known: true)
                waitingForOthers = true
            }
            waitsForOthers.store(waitingForOthers, ordering: .relaxed)
            if case .waitForTimer = step {} else if ownTimerWait.load(ordering: .relaxed) != 0 {
                ownTimerWait.store(0, ordering: .releasing)
            }
            switch step {
            case .end(.deadlock), .waitForOutsideWork(known: false): beQuiet(true)
            default: beQuiet(waitingForOthers)
            }
            switch step {
            case .run(let entry):
                if Self.isToken(entry.job) {
                    resumeWorker(entry.job, from: me)
                    return false
                }
                runPicked(entry)
            case .waitForTimer(let deadline):
                waitForOwnTimer(until: deadline)
            case .waitForOutsideWork(known: false):
                if graceRanOut(), !abandoned {
                    scheduler.outsideWorkDidNotCome()
                }
            case .waitForOutsideWork(known: true):
                waitForKnownOutsideWork()
            case .fireOutside(let serial):
                fireOutside(serial)
            case .end(let ending):
                end(ending)
            }
        }
        return true
    }

    /// Waits until the run's timer due at `deadline` (on its strict clock) or until anything arrives. Call under the lock.
    private func waitForOwnTimer(until deadline: Int64) {
        if outsideMayResume() {
            ownTimerWait.store(0, ordering: .releasing)
        } else if ownTimerWait.load(ordering: .relaxed) == 0 {
            ownTimerWaits += 1
            ownTimerWait.store(ownTimerWaits, ordering: .releasing)
        }
        _ = condition.wait(until: Date().addingTimeInterval(Double(deadline - scheduler.time.now()) / 1e9))
    }

    /// Runs a job the scheduler picked. Call under the lock; returns under it.
    func runPicked(_ entry: ReadyQueue.Entry) {
        if entry.firedTimer { scheduler.time.timerFired() }
        // Kept before the job runs: what it makes ready and how it sleeps are told apart by the job.
        events.step(task: UInt32(truncatingIfNeeded: Self.taskID(of: Self.job(numbered: entry.job))), isMain: entry.isMain,
                    firedTimer: entry.firedTimer, now: scheduler.time.timelineNow)
        inJob = true
        escapedSteps = 0
        progress += 1
        sourcesGivenBack = false
        run(entry)
    }

    /// The run is over: the worker that saw it end lets the others go. Call under the lock; returns without it.
    func endRun() {
        scheduler.time.stop()
        endRunWorkers()
        mainLane.detach()
        RunRegistry.shared.end(self)
    }

    /// Waits for work from outside the harness for `options.outsideWorkGrace` of spare time (`SpareTime`: real
    /// time in which the machine had a CPU to spare, so a loaded machine, slow to run the thread that would bring
    /// the work, only makes the wait longer). Returns false as soon as anything arrives. Call under the lock.
    private func graceRanOut() -> Bool {
        let grace = Nanoseconds(options.outsideWorkGrace)
        var spare = SpareTime.starting()
        while !abandoned {
            let slice = min(max(grace - spare.total, 1_000_000), 100_000_000)
            if condition.wait(until: Date().addingTimeInterval(Double(slice) / 1e9)) { return false }
            if spare.lookNow() >= grace { return true }
        }
        return false
    }

    /// Whether every other run that was busy when this one first seemed deadlocked has been quiet or ended since:
    /// only then may this run be called a deadlock (a task of it may wait on an actor another run holds). False the
    /// first time it is asked with others busy; resets once the run is busy again. Call under the lock.
    private func othersHaveSettled() -> Bool {
        if othersAtQuiet == nil {
            let snapshot = RunRegistry.shared.othersBusy(besides: self)
            if snapshot.isEmpty { return true }
            othersAtQuiet = snapshot
            return false
        }
        return RunRegistry.shared.settled(othersAtQuiet!)
    }

    /// Marks the run quiet or busy (what other runs wait for, `RunRegistry`).
    private func beQuiet(_ isQuiet: Bool) {
        // A look first: storing nil over nil still releases the old value, at every step of a busy run.
        if !isQuiet, othersAtQuiet != nil { othersAtQuiet = nil }
        // Only this thread writes `quiet`: a look first spares the fenced exchange on every step of a busy run.
        guard quiet.load(ordering: .relaxed) != isQuiet else { return }
        if quiet.exchange(isQuiet, ordering: .sequentiallyConsistent) != isQuiet, isQuiet {
            quietCount.add(1, ordering: .sequentiallyConsistent)
        }
    }

    /// Whether the run is quiet now (read by other runs).
    var isQuiet: Bool { quiet.load(ordering: .sequentiallyConsistent) }
    /// How often the run has been quiet (read by other runs).
    var quietTimes: Int { quietCount.load(ordering: .sequentiallyConsistent) }

    /// Whether outside work the run handed out may still resume it (reads `/proc` only if there is any). Call under
    /// the lock.
    func outsideMayResume() -> Bool {
        arriving.load(ordering: .sequentiallyConsistent) > 0 || (!outside.isEmpty && outside.mayStillResume())
    }

    /// Waits a slice for outside work the run knows of (anything arriving or changing ends the wait at once); fails
    /// the run once `options.outsideWorkLimit` of spare time passed with nothing happening. Call under the lock.
    private func waitForKnownOutsideWork() {
        if !waitingForOutside {
            waitingForOutside = true
            outsideWait = SpareTime.starting()
        }
        // Short slices at first: a thread that went to wait for another one is seen at the next look.
        let slice = min(max(outsideWait.total / 4, 1_000_000), 50_000_000)
        if condition.wait(until: Date().addingTimeInterval(Double(slice) / 1e9)) {
            outsideWait = SpareTime.starting()
            return
        }
        guard outsideWait.lookNow() >= Nanoseconds(options.outsideWorkLimit), !abandoned else { return }
        if othersAtQuiet != nil, !outsideMayResume() {
            end(.deadlock, othersStayedBusy: true)
            return
        }
        fail(.outsideWorkPending, "outside work still pending after \(HarnessFailure.format(options.outsideWorkLimit)) of " +
             "spare time with nothing of the run's own to do: " + outside.described.joined(separator: "; ") + ". " +
             "The run handed this work out (a Dispatch queue, a thread) and it has neither ended nor resumed the " +
             "scenario. If it needs longer, raise `RunOptions.outsideWorkLimit`; if it never ends, that is the bug.")
    }

    /// Fails the run whose outside work took more than `options.escapedWorkLimit` steps with nothing of the run's own
    /// to run between them: work that escaped the run and never ends by itself. Call under the lock.
    private func escapedWorkSpun() {
        fail(.timedOut, "work the run handed outside its thread took \(options.escapedWorkLimit) steps in a row — jobs " +
             "of its tasks on another executor's thread, Dispatch blocks handed on by Dispatch blocks, firings of a " +
             "timer source, sleeps of its threads — and not one job of the run's own ran between them: work that escaped the run and never ends by " +
             "itself (a task that yields in a loop on an actor's own executor, a block that submits itself again). " +
             "Under way: " + outside.described.joined(separator: "; ") + ". Cancel it, or raise " +
             "`RunOptions.escapedWorkLimit` if it really takes that many steps before it hands the run something.")
    }

    /// Acts on a timer of the run's outside work. Call under the lock.
    private func fireOutside(_ serial: UInt64) {
        scheduler.time.timerFired()
        if let source = sourceTimers[serial] {
            // Once the scenario returned every timer is due at once: a source that outlives the run does not fire for
            // it then (its firings are a later run's, `parkProcessLivedSources`).
            if scheduler.finished, harness_outside_source_process_lived(source.item) != 0 {
                sourceTimers[serial] = nil
                return
            }
            if adoptedSources.contains(serial), !adoptedSourceMayFire(serial, interval: source.interval) { return }
            // A timer source on the run's clock: its handler goes to its queue, and a repeating one is due again.
            escapedStep()
            outside.sourceFiring(serial)
            harness_outside_fire_source(source.item)
            // Once the scenario returned every timer is due at once: a repeating source is not set again then.
            if source.interval >= 0, !scheduler.finished {
                scheduler.setOutsideTimer(serial, deadline: scheduler.time.repeatDue(after: source.interval))
            } else {
                sourceTimers[serial] = nil
            }
        } else if let item = outside.timerFired(serial) {
            harness_outside_submit(item)
        } else {
            outside.wake(serial)
            sleepers.lock()
            sleepsEnded.insert(serial)
            sleepers.broadcast()
            sleepers.unlock()
        }
    }

    /// Runs one job with the lock released, showing it virtual time under `seeded`. Called and
    /// returns under the lock.
    private func run(_ entry: ReadyQueue.Entry) {
        let job = Self.job(numbered: entry.job)
        let shown = scheduler.time.shownToJobs
        let jobNumber = scheduler.jobsRun
        let waitDescriptor = scheduler.time.waitDescriptor
        let lockPoints = scheduler.time.isVirtual
        runningEntryJob = entry.job
        noteCandidates()
        condition.unlock()
        let start = harness_coarse_monotonic_nanoseconds()
        recentJobStarts[recentJobNext] = start
        recentJobNext = (recentJobNext + 1) & 3
        runningJobStart.store(start - startedAt, ordering: .relaxed)
        runningJob.store(jobNumber, ordering: .releasing)
        shown?.show()
        harness_job_run_begin(Unmanaged.passUnretained(self).toOpaque())
        // The job's reads of the clocks, not the harness's, are what a strict timer's deadline came from.
        if waitDescriptor >= 0 { harness_clock_reads_begin(waitDescriptor) }
        if lockPoints {
            harness_locks_job_begin(Unmanaged.passUnretained(self).toOpaque(), othersReady, Self.taskID(of: job))
        }
        // Built in place: `asUnownedTaskExecutor()` builds the same reference through a call into the runtime library.
        let executor = UnownedTaskExecutor(ordinary: self)
        if entry.isMain {
            runningMainJob = true
            // The main queue's precondition holds in main-actor code here, as on the main actor (CHarnessTime).
            harness_main_actor_job(1)
            job.runSynchronously(isolatedTo: mainLane.asUnownedSerialExecutor(),
                                       taskExecutor: executor)
            harness_main_actor_job(0)
            runningMainJob = false
        } else {
            job.runSynchronously(on: executor)
        }
        if lockPoints { harness_locks_job_end() }
        _ = harness_clock_reads_end()
        harness_job_run_end()
        if shown != nil { RunTime.ThreadClocks.hide() }
        runningJob.store(0, ordering: .relaxed)
        // After the job, not in it: waiting for outside work to take its turn is no job holding the thread.
        releaseHeld()
        condition.lock()
        inJob = false
        scheduler.jobFinished()
    }

    // MARK: Ending

    /// Turns the scheduler's ending into the run's result. Call under the lock.
    private func end(_ ending: RunJudge.Ending, othersStayedBusy: Bool = false) {
        switch ending {
        case .finished:
            switch result! {
            case .failure(let error):
                var failure = HarnessFailure(.threw, schedule: schedule, summary: "the scenario threw \(error)")
                failure.underlying = error
                finish(.failure(stamped(failure)))
            case .success(let value):
                finish(.success(RunRecord(value: value, touchedAnotherRun: wasTouched, jobs: scheduler.ownJobsRun,
                                          elapsed: .nanoseconds(scheduler.time.scenarioTime()),
                                          scheduleHash: scheduler.hash.value, leftoverJobs: scheduler.leftoverJobs,
                                          guessedTimers: guessedTimers, choices: scheduler.choices,
                                          trace: scheduler.trace, timeline: recordedTimeline, mutexWaits: mutexWaits)))
            }
        case .deadlock:
            if let waits = lockWaitsDescribed(), waits.cycle, outside.isEmpty {
                return fail(.deadlock, "tasks wait for locks that only a waiting task can release: \(waits.text). "
                            + (waits.upgrade
                               ? "A task that reads a reader-writer lock cannot then write it while it still reads: "
                                 + "take the write lock for the whole check-and-act, or let go of the read first."
                               : "Each holds a lock another of them wants next (a lock-order inversion): take the locks "
                                 + "in one order everywhere, or in one section."))
            }
            fail(.deadlock, "nothing is ready, no timer is set, no work the run handed out (a Dispatch block, a " +
                 "thread, a task handed to another executor) can still resume it, and the scenario has not returned: " +
                 "some task awaits what nobody will ever give it — a continuation never resumed, a stream nobody " +
                 "finishes, a lock held across an await" + (outside.isEmpty ? "" : " (still under way, none of it " +
                 "able to go on by itself: " + outside.described.joined(separator: "; ") + ")") + ". Only work the " +
                 "harness cannot see start (another process, a thread made before the run that no job of the run " +
                 "reaches) could still bring work; if the scenario waits for such work, give it " +
                 "`RunOptions.outsideWorkGrace`." +
                 (othersStayedBusy ? " (Other runs of this process stayed busy for " +
                  "\(HarnessFailure.format(options.outsideWorkLimit)) of spare time meanwhile: if a task of this run waits for " +
                  "an actor they share with it — a global actor, an actor kept in a static — run it alone.)" : "") +
                 (lockWaitsDescribed().map { " Tasks wait for locks: " + $0.text + "." } ?? ""))
        case .leftovers(let jobs, stillRunning: false):
            fail(.leftovers, "\(counted(jobs, "job")) \(jobs == 1 ? "was" : "were") still ready or ran after " +
                 "the scenario returned: something started inside it outlived it (a `Task {}` nobody awaited, a " +
                 "loop nobody cancelled). Await or cancel it, or let it drain with `RunOptions.leftovers = .drain`.")
        case .leftovers(_, stillRunning: true):
            fail(.leftovers, "work started inside the scenario was still running \(counted(options.drainBudget, "job")) " +
                 "after it returned: something it started never ends by itself (a loop nobody cancels, a " +
                 "`Task {}` that waits forever). Cancel it before the scenario returns.")
        case .jobBudget(let jobs):
            fail(.timedOut, "it ran \(jobs) jobs without finishing: a loop that never ends " +
                 "(a busy loop that ignores cancellation, or a `try?` that swallows it)")
        }
    }

    /// Ends the run with a failure of `kind`. Call under the lock.
    private func fail(_ kind: HarnessFailure.Kind, _ summary: String) {
        finish(.failure(stamped(HarnessFailure(kind, schedule: schedule, summary: summary))))
    }

    /// Adds the run's counters and notes to a failure. Call under the lock.
    private func stamped(_ failure: HarnessFailure) -> HarnessFailure {
        var failure = failure
        failure.touchedAnotherRun = wasTouched
        failure.jobs = scheduler.ownJobsRun
        failure.elapsed = .nanoseconds(scheduler.time.now())
        failure.notes = notes
        failure.choices = scheduler.choices
        failure.trace = scheduler.trace
        failure.timeline = recordedTimeline
        return failure
    }

    /// The notes with the events beside them (drawn only if the run left no notes). Call under the lock.
    private var recordedTimeline: Timeline {
        var recorded = timeline
        recorded.events = events
        return recorded
    }

    /// Calls `onComplete` once. Call under the lock; the thread is unbound first, so that resuming
    /// the caller (who is not under the harness) does not pull the caller onto this thread.
    private func finish(_ result: Result<RunRecord, HarnessFailure>) {
        guard !completed else { return }
        completed = true
        // Work of tasks that outlive the run is kept for a later one, whatever the ending.
        scheduler.parkLodgers()
        if case .success = result {
            succeeded = true
            RunRegistry.shared.endedCleanly(self)
        }
        over.store(true, ordering: .releasing)
        parkProcessLivedSources()
        abandoned = true
        condition.signal()
        // Outside work waiting for the run's timers goes on in real time: delayed submissions to Dispatch now,
        // sleeping threads woken.
        for item in outside.letGo() { harness_outside_submit(item) }
        sleepers.lock()
        sleepsReleased = true
        sleepers.broadcast()
        sleepers.unlock()
        // Workers parked in the middle of a job are never resumed now: their threads end (`endParked`).
        releaseParked()
        let unbound = ThreadBinding.current === self
        if unbound { ThreadBinding.unbind() }
        onComplete(result)
        if unbound { ThreadBinding.bind(self) }
    }

    /// Fails the run from the watchdog's thread, unless it is already over (then it does nothing).
    func failFromOutside(_ kind: HarnessFailure.Kind, _ summary: String, hitTimeLimit: Bool = false) {
        condition.lock()  // the watchdog's thread brings the run nothing: not counted in `arriving`
        defer { condition.unlock() }
        // Under virtual time a job that never ends may be waiting for the clock, which stands still inside it.
        let said = kind == .blockedThread && scheduler.time.isVirtual ? summary + standingClock : summary
        var failure = stamped(HarnessFailure(kind, schedule: schedule, summary: said))
        failure.hitTimeLimit = hitTimeLimit
        finish(.failure(failure))
    }

    /// What a blocked thread in a seeded run may be: a spin-wait on a clock that does not move while the job runs.
    private var standingClock: String {
        " In \(schedule) the clock stands still inside a job (virtual time moves only while every task waits, at " +
            "\(HarnessFailure.format(.nanoseconds(scheduler.time.virtualNow))) here): a loop that waits for ContinuousClock.now, " +
            "SuspendingClock.now or Date() to pass a deadline spins forever. Sleep until the deadline instead " +
            "(Task.sleep(until:))."
    }

    /// Whether the run is over (read without the lock: threads outside the run ask it on their way in).
    var isOver: Bool { over.load(ordering: .acquiring) }

    /// The start of the oldest of the last few jobs (harness thread only): no sleep's deadline can
    /// have been computed before it.
    var earliestRecentJobStart: ContinuousClock.Instant {
        let oldest = recentJobStarts[recentJobNext]
        return ContinuousClock.now.advanced(by: .nanoseconds(oldest - harness_coarse_monotonic_nanoseconds()))
    }
}
