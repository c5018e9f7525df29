import CHarnessTime
import Foundation

// Outside work: called from OutsideWork.c, on whatever thread hands it out or runs it.
extension OneThreadExecutor {
    /// A piece of outside work was handed out: its serial number, or 0 if the run is over (then it is not followed).
    func outsideBegan(_ kind: OutsideWork.Kind, label: String) -> UInt64 {
        lockState()
        defer { condition.unlock() }
        guard !completed else { return 0 }
        if ThreadBinding.current !== self { escapedStep() }
        let serial = outside.begin(kind, label: label)
        condition.signal()
        return serial
    }

    /// A task of the run (`task`, its job's address) hops to an executor of type `label` that is not the harness's:
    /// the serial number of the piece of outside work it is until its job has run there, or 0 if the run is over.
    func handedOff(_ task: Int, to label: String) -> UInt64 {
        lockState()
        defer { condition.unlock() }
        guard !completed else { return 0 }
        if ThreadBinding.current !== self {
            escapedStep()
            // From a job of the run's on another executor's thread: that job's task goes on elsewhere.
            if harness_helper_run() == Unmanaged.passUnretained(self).toOpaque() { outside.handedOn(from: harness_helper_serial()) }
        }
        let serial = outside.handOff(task, label: label)
        condition.signal()
        return serial
    }

    /// The job of piece `serial`, a task handed to an executor, ran on `thread` (`threadIsTheRuns`: a thread that was
    /// working for the run already): the piece ends, and if the task stayed with that executor the run follows the
    /// thread from now on (`OutsideWork.handedJobRan`).
    func handedJobRan(_ serial: UInt64, on thread: Int32, threadIsTheRuns: Bool) -> (serial: UInt64, new: Bool)? {
        lockState()
        defer { condition.unlock() }
        condition.signal()
        guard !completed else {
            outside.end(serial)
            return nil
        }
        return outside.handedJobRan(serial, on: thread, threadIsTheRuns: threadIsTheRuns)
    }

    /// A thread the run follows (piece `serial`, `OutsideWork.Kind.adopted`) is about to run a job: whether the run
    /// still follows it (then the job is the run's work, and counts as a step of its escaped work).
    func adoptedJob(_ serial: UInt64) -> Bool {
        lockState()
        defer { condition.unlock() }
        guard !completed, outside.items[serial]?.kind == .adopted else { return false }
        escapedStep()
        condition.signal()
        return true
    }

    /// Counts one step of work outside the run's thread that outside work itself made (`escapedSteps`). Call under
    /// the lock.
    func escapedStep() {
        escapedSteps += 1
    }

    /// It started on `thread`: the run's time for that thread to read (as the monotonic clocks and the wall clock read
    /// it), or nil if the thread keeps real time (a strict run, or one that is over).
    func outsideStarted(_ serial: UInt64, on thread: Int32) -> RunTime.ThreadClocks? {
        // Over: nothing to note, and no lock (a run parking its sources waits, holding it, for their firings to end).
        guard !isOver else { return nil }
        lockState()
        defer { condition.unlock() }
        outside.start(serial, on: thread)
        condition.signal()
        return completed ? nil : scheduler.time.shownToJobs
    }

    /// It ended.
    func outsideEnded(_ serial: UInt64) {
        lockState()
        outside.end(serial)
        condition.signal()
        condition.unlock()
    }

    /// A delayed Dispatch submission under virtual time: a timer of the run's, `delay` from now. False if the run
    /// is over (Dispatch then takes it as it is).
    func outsideAfter(_ serial: UInt64, delay: Int64, item: UnsafeMutableRawPointer) -> Bool {
        lockState()
        defer { condition.unlock() }
        guard !completed, scheduler.time.isVirtual else { return false }
        outside.waitForTimer(serial, item: item)
        scheduler.setOutsideTimer(serial, deadline: scheduler.time.outsideDue(after: delay))
        condition.signal()
        return true
    }

    /// A timer source's timer is set and it runs (`delay` ≥ 0: on the run's clock, every `interval` after, or once
    /// for -1; -1: on Dispatch's real clock; -2: its timer is gone); or a read source runs (-3: `item` says when it
    /// can fire).
    func outsideArmSource(_ serial: UInt64, delay: Int64, interval: Int64, item: UnsafeMutableRawPointer?) {
        lockState()
        defer { condition.unlock() }
        guard !completed else { return }
        sourceTimers[serial] = nil
        switch delay {
        case -2: outside.source(serial, firesOnItsOwn: false)
        case -1: outside.source(serial, firesOnItsOwn: true)
        case -3:
            guard let item else { return }
            outside.watch(serial, item: item)
        default:
            guard let item else { return }
            sourceTimers[serial] = (item, interval)
            outside.source(serial, firesOnItsOwn: false)
            scheduler.setOutsideTimer(serial, deadline: scheduler.time.outsideDue(after: delay))
        }
        condition.signal()
    }

    /// A timer or read source's handler ran; `last` if its timer does not repeat.
    func outsideSourceFired(_ serial: UInt64, last: Bool) {
        guard !isOver else { return }  // as in `outsideStarted`
        lockState()
        defer { condition.unlock() }
        if outside.items[serial]?.kind == .readSource {
            // A firing the run did not ask for: a step of outside work (a source that fires for ever ends the run).
            escapedStep()
            outside.sourceHandled(serial)
            condition.signal()
            return
        }
        // On Dispatch's real clock a repeating source will fire again by itself; on the run's, its next timer is set.
        outside.source(serial, firesOnItsOwn: !last && sourceTimers[serial] == nil)
        condition.signal()
    }

    /// A thread of the run's outside work sleeps `nanoseconds` under virtual time: it waits here until the run's
    /// clock has passed them, and gets the run's time then (monotonic and wall). Nil if the run is over or not virtual
    /// (a real sleep).
    func helperSleep(_ serial: UInt64, nanoseconds: Int64) -> RunTime.ThreadClocks? {
        lockState()
        guard !completed, scheduler.time.isVirtual, outside.items[serial] != nil else {
            condition.unlock()
            return nil
        }
        outside.sleep(serial)
        escapedStep()
        scheduler.setOutsideTimer(serial, deadline: scheduler.time.outsideDue(after: nanoseconds))
        condition.signal()
        condition.unlock()
        sleepers.lock()
        while !sleepsEnded.contains(serial), !sleepsReleased { sleepers.wait() }
        sleepsEnded.remove(serial)
        sleepers.unlock()
        lockState()
        defer { condition.unlock() }
        outside.backFromSleep(serial)
        condition.signal()
        return scheduler.time.threadClocks
    }

    /// Keeps outside work the running job handed out until the job has run to its next suspension; false once the
    /// run is over (it then goes at once).
    func hold(_ work: HeldWork, serial: UInt64) -> Bool {
        guard !isOver else { return false }
        lockState()
        outside.hold(serial)
        condition.unlock()
        heldLock.lock()
        held.append((work, serial))
        heldCount.store(held.count, ordering: .releasing)
        heldLock.unlock()
        return true
    }

    /// Lets held outside work go, in the order it was handed out: at the end of the job that made it, or — from the
    /// watchdog — while a job waits for what it handed out (a semaphore a Dispatch block signals), which would
    /// otherwise never come. On the harness thread under virtual time, each piece goes only once what went before it
    /// can no longer resume the run (two callbacks racing to resume one continuation then race in the order they
    /// were handed out, whichever thread the machine would have run first).
    /// `waiting`: the job is about to wait for another thread (then every piece goes at once: the job may wait for
    /// any of them).
    func releaseHeld(waiting: Bool = false) {
        guard heldCount.load(ordering: .acquiring) > 0 else { return }
        heldLock.lock()
        guard !held.isEmpty else { return heldLock.unlock() }
        var work = held
        held.removeAll()
        heldCount.store(0, ordering: .releasing)
        heldLock.unlock()
        // Tasks handed to other executors go first, all at once: they run on those executors' threads, which the
        // run does not hold, and one may need Dispatch work below (a queue's executor) before it can start.
        let handOffs = work.filter { if case .handOff = $0.work { true } else { false } }
        work.removeAll { if case .handOff = $0.work { true } else { false } }
        for item in handOffs {
            lockState()
            outside.letGo(item.serial)
            condition.unlock()
            _ = item.work.release()
        }
        let oneByOne = !waiting && ThreadBinding.current === self && scheduler.time.isVirtual && work.count > 1
        for (index, item) in work.enumerated() {
            lockState()
            outside.letGo(item.serial)
            condition.unlock()
            let made = item.work.release()
            if oneByOne, index < work.count - 1 { waitForTurnOfOutsideWork(after: made != 0 ? made : item.serial) }
        }
    }

    /// Waits, on the harness thread, until outside work `serial` (just let go) has ended, or no outside work could
    /// resume the run for 20 ms of spare time in a row (it waits, say, for a piece still held), or
    /// `options.outsideWorkLimit` of spare time passed: then the next piece goes.
    private func waitForTurnOfOutsideWork(after serial: UInt64) {
        condition.lock()
        defer { condition.unlock() }
        var spare = SpareTime.starting()
        var quiet: SpareTime? = nil
        var slice: Int64 = 100_000
        while outside.items[serial] != nil, !abandoned, spare.lookNow() < Nanoseconds(options.outsideWorkLimit) {
            if outsideMayResume() {
                quiet = nil
            } else if quiet == nil {
                quiet = SpareTime.starting()
            } else if quiet!.lookNow() >= 20_000_000 {
                return
            }
            _ = condition.wait(until: Date().addingTimeInterval(Double(slice) / 1e9))
            slice = min(slice * 2, 5_000_000)
        }
    }

    /// Whether outside work is held for the job running now.
    var holdsWork: Bool {
        heldLock.lock()
        defer { heldLock.unlock() }
        return !held.isEmpty
    }
}
