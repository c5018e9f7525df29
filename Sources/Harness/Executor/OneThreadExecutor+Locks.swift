import CHarnessTime
import Foundation

// A seeded run's jobs on worker threads, one at a time, and the code under test's locks as choice points. Only the
// thread holding the baton touches the run's state outside `condition`; it hands the baton on by posting another
// worker's and then touches nothing of the run's.
//
// A run that ends with workers paused or blocked (a deadlock, a failure, the watchdog) ends their threads where they
// wait (`endParked`): they are never resumed, and never handed to another run.
//
// Not yet: workers are not bounded by a pool width (a scenario that starves a pool of two threads with blocked locks
// passes here); the watchdog reads the CPU of the baton's holder, not the sum over the run's workers.

/// A thread of a seeded run: the run's own thread (index 0) or one made when a job paused at a lock and another had to
/// run. At most one worker of a run runs at a time: the one holding the baton.
///
/// `@unchecked Sendable`: `order` is written by the worker that posts this one's baton, before the post, and read by
/// this one after its wait; the rest only by the worker itself or by the baton's holder.
final class Worker: @unchecked Sendable {
    /// What a worker does when its baton is posted.
    enum Order {
        /// Nothing yet.
        case none
        /// Take the run's loop (`OneThreadExecutor.steps`).
        case loop
        /// Run this job, then take the loop.
        case run(ReadyQueue.Entry)
        /// Go on with the job it paused (it waits inside a lock call).
        case resume
        /// The run is over: the thread ends (an idle worker returns; a parked one ends where it waits).
        case exit
    }

    /// Whether it waits on its baton in the middle of a job (paused at a lock, or blocked on one), to be resumed by
    /// the run or, once the run is over, ended (`OneThreadExecutor.releaseParked`). Under the run's lock.
    var parked = false

    /// Its place in the run's workers, and the number the scheduler knows it by while paused (`token`).
    let index: Int
    /// What it waits on.
    let baton: OpaquePointer
    /// What to do next.
    var order: Order = .none
    /// Its kernel id.
    var tid: Int32 = 0
    /// While paused or blocked: the job it runs, PCT's key for it, whether it is the main actor's, and its number.
    var job = 0
    var key: UInt64 = 0
    var isMain = false
    var jobNumber = 0
    /// The mutex it waits for, while blocked, and whether that is a `Synchronization.Mutex`'s word (freed unseen).
    var blockedOn: UnsafeMutableRawPointer?
    var blockedOnMutex = false
    /// What a job waits on in the run: a Dispatch semaphore, a condition variable (its mutex released), a Dispatch
    /// group; the raw values are Locks.c's `kind`s.
    enum RunWait: Int32 {
        case semaphore = 0, condition = 1, group = 2
    }

    /// The Dispatch semaphore, condition or group it waits for in the run, while it does, which of those, and what the
    /// wait came to: 1 the run saw it answered (took the semaphore or a signal owed for it, saw the group empty), 2 its
    /// time ran out, 0 it is to wait in the library (`OneThreadExecutor.semaphoreWait`).
    var waitsForSemaphore: UnsafeMutableRawPointer?
    var waitKind = RunWait.semaphore
    var semaphoreAnswer: Int32 = 0

    init(index: Int) {
        self.index = index
        baton = harness_baton_make()!
    }

    /// Its thread waits on the baton no more: whoever waits holds the worker.
    deinit {
        free(UnsafeMutableRawPointer(baton))
    }

    /// The task of the job it runs, as the timeline numbers tasks.
    var task: UInt32 { UInt32(truncatingIfNeeded: OneThreadExecutor.taskID(of: OneThreadExecutor.job(numbered: job))) }

    /// The number a paused worker is known by among the ready jobs: odd, where a job's address is even.
    var token: Scheduler.Job { index << 1 | 1 }

    /// The calling thread's worker, if it is one.
    static var current: Worker? {
        guard let raw = harness_worker_get() else { return nil }
        return Unmanaged<Worker>.fromOpaque(raw).takeUnretainedValue()
    }
}

/// Process-wide counts, for tests and the bench.
package enum LockPoints {
    /// Lock calls that were choice points so far.
    package static var seen: Int { Int(harness_locks_points()) }
    /// Mutexes counted as the code under test's so far.
    package static var counted: Int { Int(harness_locks_counted()) }
    /// Of those, static mutexes no init saw (`PTHREAD_MUTEX_INITIALIZER`, a zero-filled global), counted at a first
    /// lock in a job because they lie in the program's own static storage.
    package static var countedStatic: Int { Int(harness_locks_counted_static()) }
    /// Serial Dispatch queues counted as the code under test's so far: each `sync` onto one is a lock.
    package static var queuesCounted: Int { Int(harness_locks_queues_counted()) }
    /// `pthread_rwlock_t`s counted as the code under test's so far, and of those, static ones no init saw.
    package static var rwlocksCounted: Int { Int(harness_locks_rwlocks_counted()) }
    package static var rwlocksCountedStatic: Int { Int(harness_locks_rwlocks_counted_static()) }
    /// Dispatch semaphores made with a count by the code under test so far: the entry of each wait on one is a lock.
    package static var semaphoresCounted: Int { Int(harness_locks_semaphores_counted()) }
    /// Times a job waited in the run for a Dispatch semaphore it could not take at once.
    package static var semaphoreWaits: Int { semaphoreWaitCount.load(ordering: .relaxed) }
    static let semaphoreWaitCount = Atomic<Int>(0)
    /// Times a job waited for a lock another job held.
    package static var waits: Int { waitCount.load(ordering: .relaxed) }
    /// Times a job paused at a lock for another to run.
    package static var pauses: Int { pauseCount.load(ordering: .relaxed) }
    static let waitCount = Atomic<Int>(0)
    static let pauseCount = Atomic<Int>(0)
}

import Synchronization

/// The harness's own locks: made sealed, so they are never choice points.
enum OwnLocks {
    static func lock() -> NSLock {
        harness_locks_seal(1)
        defer { harness_locks_seal(0) }
        return NSLock()
    }

    static func condition() -> NSCondition {
        harness_locks_seal(1)
        defer { harness_locks_seal(0) }
        return NSCondition()
    }
}

extension OneThreadExecutor {
    /// Tells Locks.c how many candidates there are besides the running job, counting a job that waits for a `Mutex`
    /// as one (its holder may free it unseen: the next point looks). Call under the lock.
    func noteCandidates() {
        othersReady.pointee = Int32(truncatingIfNeeded: scheduler.ready.candidateCount + (mutexWaiting ? 1 : 0))
    }

    /// Whether some job waits for a `Synchronization.Mutex`.
    private var mutexWaiting: Bool { !lockWaiters.isEmpty && lockWaiters.values.contains { $0.first?.blockedOnMutex == true } }

    /// Jobs that wait for a `Mutex` whose word now reads free are ready again: its unlock is inline atomics that call
    /// nothing, so the run looks before each pick. Only the run's jobs change the word, one at a time, so what is seen
    /// is the same on every replay. Baton holder, under the lock.
    func mutexesFreed() {
        guard !lockWaiters.isEmpty else { return }
        let freed = lockWaiters.filter { $0.value.first?.blockedOnMutex == true && harness_mutex_word($0.key) == 0 }
            .sorted { $0.value[0].index < $1.value[0].index }
        guard !freed.isEmpty else { return }
        for (word, waiters) in freed {
            lockWaiters[word] = nil
            for waiter in waiters { scheduler.enqueueToken(waiter.token, key: waiter.key) }
        }
        noteCandidates()
    }

    /// Whether `job` is a paused worker's token rather than a job.
    static func isToken(_ job: Scheduler.Job) -> Bool { job & 1 == 1 }

    // MARK: The workers' lives

    /// Makes the calling thread worker 0 (the run's own thread).
    func adoptThread() -> Worker {
        let worker = Worker(index: 0)
        worker.tid = ThreadTime.currentThreadID()
        workers = [worker]
        harness_worker_set(Unmanaged.passUnretained(worker).toOpaque())
        return worker
    }

    /// An idle worker, or a new one. Call holding the baton, under the lock.
    func idleWorker() -> Worker {
        if let worker = idleWorkers.popLast() { return worker }
        let worker = Worker(index: workers.count)
        workers.append(worker)
        // A kept thread, or a new one (`HarnessThreads`), named as the run's own: kept again only if the run ended
        // cleanly and the worker was told to end. One parked in a job of a run that never ends never comes back.
        HarnessThreads.shared.start(name: "harness \(schedule)") { [self] in
            workerMain(worker)
            return endedCleanly
        }
        return worker
    }

    /// A worker thread's life: bound to the run, it waits for orders until the run is over.
    func workerMain(_ me: Worker) {
        ThreadBinding.bind(self)
        harness_worker_set(Unmanaged.passUnretained(me).toOpaque())
        me.tid = ThreadTime.currentThreadID()
        harness_baton_wait(me.baton)
        workerLife(me, first: me.order)
        harness_worker_set(nil)
        ThreadBinding.unbind()
    }

    /// Follows orders until the run is over or the thread is told to end. `first`: the order it starts with.
    func workerLife(_ me: Worker, first: Worker.Order) {
        var order = first
        while true {
            switch order {
            case .loop:
                condition.lock()
            case .run(let entry):
                condition.lock()
                threadID.store(me.tid, ordering: .releasing)
                runPicked(entry)
            case .exit:
                return
            case .none, .resume:
                preconditionFailure("a worker was posted without an order it can follow here")
            }
            threadID.store(me.tid, ordering: .releasing)
            if steps(me) {
                endRun()
                return
            }
            harness_baton_wait(me.baton)
            order = me.order
        }
    }

    /// Hands the baton to the paused worker known as `token`; the caller goes idle. Call under the lock; returns
    /// without it.
    func resumeWorker(_ token: Scheduler.Job, from me: Worker) {
        let target = workers[token >> 1]
        idleWorkers.append(me)
        target.parked = false
        target.order = .resume
        condition.unlock()
        harness_baton_post(target.baton)
    }

    /// The run is over: idle workers end, and parked ones (`releaseParked`). Call under the lock, by the worker that
    /// ended it; returns without it.
    func endRunWorkers() {
        let idle = idleWorkers
        idleWorkers = []
        for worker in idle { worker.order = .exit }
        releaseParked()
        condition.unlock()
        for worker in idle { harness_baton_post(worker.baton) }
    }

    /// The run is over: every worker parked in the middle of a job is told so and woken, and its thread ends where it
    /// waits (`endParked`). The run resumes no paused or blocked job once it is over (`steps` and `lockPoint` look at
    /// `abandoned` first), so nothing else would ever post them. Call under the lock, by whoever ended the run (the
    /// baton's holder, or the watchdog while the holder is still inside a job).
    func releaseParked() {
        for worker in workers where worker.parked {
            worker.parked = false
            worker.order = .exit
            harness_baton_post(worker.baton)
        }
    }

    /// Called by a parked worker woken with `.exit`: its thread ends here, inside the lock call of the job it ran, and
    /// never returns to it. Why that is safe:
    /// - The job's code is never resumed past its lock call: the thread ends in the kernel (`harness_worker_end`) —
    ///   nothing unwinds, no `defer` or destructor of the job, the runtime or Foundation runs, and the thread's
    ///   thread-locals (the runtime's current task, Dispatch's current queue) are never read again: no destructor of
    ///   theirs runs (Dispatch's traps when a thread ends inside a `sync` block). The job's task stays
    ///   suspended in the middle of that job, as it would have stayed parked: nobody can run it (its job is not in any
    ///   queue), and what it retains is leaked with it, as before.
    /// - Its stack stays mapped: the C library never learns the thread ended, so never reuses the stack; a pointer into
    ///   it that something still holds stays valid memory.
    /// - The locks it holds stay held. A pthread mutex (NSLock, NSRecursiveLock, NSCondition, one of the code's own)
    ///   keeps the ended thread as its owner: whoever waits for it waits as before, and those were the run's own jobs,
    ///   deadlocked already (parked too, ended too). Only a lock on the kernel's priority-inheriting futexes
    ///   (`Synchronization.Mutex`) notices an owner's end: a thread already asleep in the kernel for it is handed it,
    ///   and a later contended lock of it would fail in the library (`harness_mutex_lock_slow` waits for ever instead,
    ///   as it did while the owner was parked).
    /// - It holds none of the harness's locks (it released `condition` before it handed the baton on) and touches
    ///   nothing of the run's after its wake.
    func endParked(_ me: Worker) -> Never {
        HarnessThreads.shared.noteParkedEnded()
        harness_worker_set(nil)
        harness_worker_end()
        // Not a thread the harness made (it always is): it stays parked, as before.
        while true { harness_baton_wait(me.baton) }
    }

    // MARK: At a lock

    /// What the job running now was when it paused.
    private func pause(_ me: Worker) {
        me.job = runningEntryJob
        me.key = scheduler.runningPCTKey
        me.isMain = runningMainJob
        me.jobNumber = runningJob.load(ordering: .relaxed)
        scheduler.paused(me.token)
        runningMainJob = false
        inJob = false
        runningJob.store(0, ordering: .relaxed)
    }

    /// The job goes on: the run's state is its own again. Holding the baton, without the lock.
    private func resumed(_ me: Worker) {
        runningEntryJob = me.job
        runningMainJob = me.isMain
        inJob = true
        threadID.store(me.tid, ordering: .releasing)
        runningJobStart.store(harness_coarse_monotonic_nanoseconds() - startedAt, ordering: .relaxed)
        runningJob.store(me.jobNumber, ordering: .releasing)
        condition.lock()
        let shown = scheduler.time.shownToJobs
        // A step of its own in the timeline: it takes the lock it stopped before.
        events.step(task: me.task, isMain: me.isMain,
                    firedTimer: false, now: scheduler.time.timelineNow)
        noteCandidates()
        condition.unlock()
        shown?.show()
    }

    /// The job on this worker is about to lock `mutex` (nil: it called `choicePoint()`): the schedule may pause it here
    /// and run another.
    func lockPoint(_ mutex: UnsafeMutableRawPointer?) {
        guard let me = Worker.current else { return }
        condition.lock()
        mutexesFreed()
        semaphoresFreed()
        guard !abandoned, let entry = scheduler.pickAtLockPoint(continuing: me.token), entry.job != me.token else {
            noteCandidates()
            condition.unlock()
            return
        }
        LockPoints.pauseCount.add(1, ordering: .relaxed)
        if let mutex { events.waitsForLock(mutex, holder: 0) }
        pause(me)
        let target: Worker
        if Self.isToken(entry.job) {
            target = workers[entry.job >> 1]
            target.parked = false
            target.order = .resume
        } else {
            target = idleWorker()
            target.order = .run(entry)
        }
        me.parked = true
        condition.unlock()
        harness_baton_post(target.baton)
        harness_baton_wait(me.baton)
        if case .exit = me.order { endParked(me) }
        resumed(me)
    }

    /// `mutex` is held by thread `holder`: if it is one of the run's workers (a job, paused or suspended, holds it),
    /// this job waits until it is released and the schedule picks it again, while another worker takes the loop, and
    /// true is returned; false if the holder is a thread outside the run (the caller then waits in the library).
    func lockBusy(_ mutex: UnsafeMutableRawPointer, holder: Int32) -> Bool {
        guard let me = Worker.current, worker(onThread: holder) != nil else { return false }
        harness_locks_mark_waiting(mutex, 1)
        waitForLock(me, mutex, holder: UInt32(truncatingIfNeeded: harness_locks_holder(mutex)), isMutex: false)
        return true
    }

    /// The job on `me` waits for `lock`, held by task `holder`, until the run makes it ready again (`lockReleased`, or
    /// for a `Mutex`'s word, `mutexesFreed`), while an idle worker takes the loop. Holding the baton, without the lock.
    private func waitForLock(_ me: Worker, _ lock: UnsafeMutableRawPointer, holder: UInt32, isMutex: Bool) {
        LockPoints.waitCount.add(1, ordering: .relaxed)
        lockWaiters[lock, default: []].append(me)
        me.blockedOn = lock
        me.blockedOnMutex = isMutex
        condition.lock()
        events.waitsForLock(lock, holder: holder)
        pause(me)
        handOnTheLoop(from: me)
        me.blockedOn = nil
        me.blockedOnMutex = false
        resumed(me)
    }

    /// The paused job on `me` waits (parked) until the run resumes it, while an idle worker takes the loop; a run that
    /// ends meanwhile ends its thread here (`endParked`). Holding the baton, under the lock; returns without it.
    private func handOnTheLoop(from me: Worker) {
        let target = idleWorker()
        target.order = .loop
        me.parked = true
        condition.unlock()
        harness_baton_post(target.baton)
        harness_baton_wait(me.baton)
        if case .exit = me.order { endParked(me) }
    }

    /// `choicePoint()` in a job of this run: a lock point with no lock, where another candidate could run.
    func explicitChoicePoint() {
        guard othersReady.pointee > 0 else { return }
        lockPoint(nil)
    }

    /// `Synchronization.Mutex`'s word `word` is held by thread `holder`: as `lockBusy`, but the job is ready again once
    /// the run sees the word free (`mutexesFreed`). False if the holder is a thread outside the run.
    func mutexBusy(_ word: UnsafeMutableRawPointer, holder: Int32) -> Bool {
        guard let me = Worker.current, let holding = worker(onThread: holder), holding !== me else { return false }
        mutexWaits += 1
        waitForLock(me, word, holder: holding.task, isMutex: true)
        return true
    }

    // MARK: At a semaphore

    /// The job on this worker waits on Dispatch semaphore `semaphore`, which it could not take at once, for `delay`
    /// nanoseconds of the run's clock (-1: for ever). While another job of the run could go on (a candidate, a timer), it
    /// waits in the run, as for a held lock, and another worker takes the loop: a wait in the library would hold the
    /// run's only turn while the job that will signal waits for it. Returns 1 once the run took the semaphore for it
    /// (`semaphoresFreed`), 2 once its time ran out on the run's clock, 0 if it is to wait in the library: nothing else
    /// of the run can move, now or later (`semaphoreWaitGoesToTheLibrary`), and a thread outside the run may signal it.
    ///
    /// With `kind` `.condition`, `semaphore` is a condition variable the job waits on, its mutex released: the run takes
    /// a signal owed to it instead (`harness_cond_take`); with `.group`, a Dispatch group the run looks at.
    func semaphoreWait(_ semaphore: UnsafeMutableRawPointer, delay: Int64, kind: Worker.RunWait = .semaphore) -> Int32 {
        guard let me = Worker.current else { return 0 }
        condition.lock()
        guard !abandoned, scheduler.ready.candidateCount > 0 || scheduler.timers.count > 0 else {
            condition.unlock()
            return 0
        }
        LockPoints.semaphoreWaitCount.add(1, ordering: .relaxed)
        semaphoreWaiters.append(me)
        me.waitsForSemaphore = semaphore
        me.waitKind = kind
        me.semaphoreAnswer = 2
        events.names(semaphore, as: "\(kind)")
        events.waitsForLock(semaphore, holder: 0)
        pause(me)
        if delay >= 0 {
            scheduler.setWaitTimer(me.token, key: me.key, deadline: scheduler.time.due(after: delay, onRunThread: true))
        }
        handOnTheLoop(from: me)
        // Gone on when its time ran out: it waits no more.
        if me.waitsForSemaphore != nil { semaphoreWaiters.removeAll { $0 === me } }
        me.waitsForSemaphore = nil
        condition.lock()
        scheduler.waitResumed(me.token)
        condition.unlock()
        resumed(me)
        return me.semaphoreAnswer
    }

    /// Takes, for each job waiting in the run for a semaphore, oldest first, the semaphore it waits for if it can be
    /// taken now: the job is ready again, with it. Its signal may have come from a job of the run, from its outside work
    /// or from elsewhere; only the run's jobs take it inside the run, one at a time, so what is seen between two jobs is
    /// the same on every replay wherever the signals are the run's. Baton holder, under the lock.
    func semaphoresFreed() {
        guard !semaphoreWaiters.isEmpty else { return }
        let ended = scheduler.endedWaits
        var taken: [Worker] = []
        for waiter in semaphoreWaiters where !ended.contains(waiter.token) {
            guard let semaphore = waiter.waitsForSemaphore, Self.answered(waiter.waitKind, semaphore) else { continue }
            taken.append(waiter)
        }
        guard !taken.isEmpty else { return }
        semaphoreWaiters.removeAll { waiter in taken.contains { $0 === waiter } }
        for waiter in taken {
            waiter.waitsForSemaphore = nil
            waiter.semaphoreAnswer = 1
            scheduler.cancelWaitTimer(waiter.token)
            scheduler.enqueueToken(waiter.token, key: waiter.key)
        }
        noteCandidates()
    }

    /// Whether the wait of `kind` on `object` is answered now, taking what answers it (the semaphore, a signal owed).
    private static func answered(_ kind: Worker.RunWait, _ object: UnsafeMutableRawPointer) -> Bool {
        switch kind {
        case .semaphore: harness_semaphore_try(object) == 0
        case .condition: harness_cond_take(object) == 1
        case .group: harness_group_try(object) == 0
        }
    }

    /// Whether `step` says nothing of the run can move (a deadlock, or no outside work known) while jobs wait in the
    /// run for a semaphore: then outside work their jobs held goes first (a signal among it), or else the oldest waiter
    /// is ready again, to wait in the library as before — a thread the run does not know may signal it. Baton holder,
    /// under the lock; true if the run is to step again.
    func semaphoreWaitGoesToTheLibrary(_ step: Scheduler.Step) -> Bool {
        guard !semaphoreWaiters.isEmpty else { return false }
        switch step {
        case .end(.deadlock), .waitForOutsideWork(known: false): break
        default: return false
        }
        if holdsWork {
            condition.unlock()
            releaseHeld(waiting: true)
            condition.lock()
            return true
        }
        let waiter = semaphoreWaiters.removeFirst()
        waiter.waitsForSemaphore = nil
        waiter.semaphoreAnswer = 0
        scheduler.cancelWaitTimer(waiter.token)
        scheduler.enqueueToken(waiter.token, key: waiter.key)
        noteCandidates()
        return true
    }

    /// The job released `mutex`: its waiters are ready (each tries again when picked).
    func lockReleased(_ mutex: UnsafeMutableRawPointer) {
        harness_locks_mark_waiting(mutex, 0)
        guard let waiters = lockWaiters.removeValue(forKey: mutex) else { return }
        condition.lock()
        for waiter in waiters { scheduler.enqueueToken(waiter.token, key: waiter.key) }
        noteCandidates()
        condition.unlock()
    }

    /// The job took `mutex` at a lock where the schedule had a choice: a part of its step in the timeline.
    func lockTaken(_ mutex: UnsafeMutableRawPointer) {
        condition.lock()
        events.takesLock(mutex)
        condition.unlock()
    }

    /// What a deadlock says of jobs waiting for locks, in the timeline's names: each waiter, the lock, its holders (a
    /// reader-writer lock's readers may be several); and whether every holder is itself one of the waiters (a cycle: a
    /// lock-order inversion), and whether a reader waits to write the lock it reads (`upgrade`). Nil if no job waits for
    /// a lock. Call under the lock.
    func lockWaitsDescribed() -> (text: String, cycle: Bool, upgrade: Bool)? {
        let blocked = workers.filter { $0.blockedOn != nil }
        guard !blocked.isEmpty else { return nil }
        let waiters = Set(blocked.map(\.task))
        var cycle = true, upgrade = false
        let waits = blocked.map { worker -> String in
            let mutex = worker.blockedOn!
            let holders = worker.blockedOnMutex ? [mutexHolder(mutex)].filter { $0 != 0 } : lockHolders(mutex)
            if holders.isEmpty || !holders.allSatisfy(waiters.contains) { cycle = false }
            let waiter = events.timelineName(of: worker.task)
            let names = holders.map { events.timelineName(of: $0) }
            let held = names.isEmpty ? "a thread outside the run"
                : names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " and " + names.last!
            // A reader waiting to write the lock it reads: the library never raises a read lock to a write lock.
            let own = holders.contains(worker.task)
            if own { upgrade = true }
            let said = own ? " (its own read among them: a read lock never becomes a write lock)" : ""
            return "\(waiter) waits for \(events.lockName(events.lockNumber(mutex))), held by \(held)\(said)"
        }
        return (waits.joined(separator: "; "), cycle, upgrade)
    }

    /// The tasks of the jobs holding counted `lock`: one, or a reader-writer lock's readers.
    private func lockHolders(_ lock: UnsafeMutableRawPointer) -> [UInt32] {
        var tasks = [UInt64](repeating: 0, count: 8)
        let count = Int(harness_locks_holders(lock, &tasks, Int32(tasks.count)))
        return tasks.prefix(count).map { UInt32(truncatingIfNeeded: $0) }
    }

    /// The task of the job holding the `Mutex` whose word is `word` (a paused or waiting worker's), or 0.
    private func mutexHolder(_ word: UnsafeMutableRawPointer) -> UInt32 {
        worker(onThread: harness_mutex_holder(word))?.task ?? 0
    }

    /// The run's worker on the thread whose kernel id is `tid` (0: none).
    private func worker(onThread tid: Int32) -> Worker? {
        tid == 0 ? nil : workers.first { $0.tid == tid }
    }
}

/// The C callbacks into the run (installed once).
enum LockCallbacks {
    static let installed: Bool = {
        let callbacks = UnsafeMutablePointer<harness_lock_callbacks>.allocate(capacity: 1)
        callbacks.initialize(to: harness_lock_callbacks(
            point: { run, mutex in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().lockPoint(mutex!)
            },
            busy: { run, mutex, holder in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().lockBusy(mutex!, holder: holder) ? 1 : 0
            },
            released: { run, mutex in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().lockReleased(mutex!)
            },
            taken: { run, mutex in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().lockTaken(mutex!)
            },
            mutex_busy: { run, word, holder in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().mutexBusy(word!, holder: holder) ? 1 : 0
            },
            semaphore_busy: { run, semaphore, delay in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue().semaphoreWait(semaphore!, delay: delay)
            },
            wait_in_run: { run, object, delay, kind in
                Unmanaged<OneThreadExecutor>.fromOpaque(run!).takeUnretainedValue()
                    .semaphoreWait(object!, delay: delay, kind: Worker.RunWait(rawValue: kind) ?? .semaphore)
            }))
        harness_locks_set_callbacks(callbacks)
        return true
    }()
}
