import CHarnessTime
import Foundation
import Synchronization

/// One thread that looks at every running harness executor twenty times a second, and fails a run
/// whose thread is blocked or whose time is up.
///
/// It must be a thread of its own: a blocked harness thread cannot report itself, and the shared
/// pool may be blocked too (that is what the blocked-pool lessons are about). It counts only the
/// time a run's thread really had (`ThreadTime`), so a machine too busy to run it is never blamed
/// on the scenario; where that cannot be read (Apple platforms) it counts wall time.
final class Watchdog: @unchecked Sendable {
    // @unchecked Sendable: `watched` is only touched under `lock`, and `look()` runs on the
    // watchdog's own thread only.

    /// The process's one watchdog.
    static let shared = Watchdog()

    /// How long the watchdog sleeps between two looks, in nanoseconds.
    static let period: Int64 = 50_000_000

    /// Guards `watched`.
    private let lock = OwnLocks.lock()
    /// The executors being watched, with what was seen of each.
    private var watched: [ObjectIdentifier: (executor: OneThreadExecutor, meter: HoldMeter)] = [:]

    /// The watchdog thread's kernel id once it runs (0 before): a `system` run's stillness leaves it out.
    let threadID = Atomic<Int32>(0)

    /// Starts the watchdog's thread.
    private init() {
        let thread = Thread { [unowned self] in
            self.threadID.store(ThreadTime.currentThreadID(), ordering: .releasing)
            while true {
                Thread.sleep(forTimeInterval: Double(Self.period) / 1_000_000_000)
                self.look()
            }
        }
        thread.name = "harness watchdog"
        thread.start()
    }

    /// Watches `executor` until its run is over.
    func watch(_ executor: OneThreadExecutor) {
        lock.lock()
        watched[ObjectIdentifier(executor)] = (executor, HoldMeter())
        lock.unlock()
    }

    /// Checks every executor and forgets those whose run is over. The machine's busy total is read once a look, after
    /// every run's sample: each run's interval then ends no later than the total that counts its busy time (read
    /// later, a total can only count more as busy, which delays a verdict), and a run's start takes it from there
    /// (`MachineBusy.baseline`) rather than reading `/proc` itself.
    private func look() {
        lock.lock()
        let entries = watched
        lock.unlock()
        guard !entries.isEmpty else { return }
        let seen = entries.map { (id: $0.key, executor: $0.value.executor, meter: $0.value.meter, at: Self.sight($0.value.executor)) }
        let machine = MachineBusy.readForLook()
        // Read after every run's sample, as the machine's total is: a later read can only count more as busy.
        let watcher = ThreadTime.sample(thread: threadID.load(ordering: .relaxed))?.waiting
        for entry in seen {
            var meter = entry.meter
            let over = entry.at.map {
                Self.check(entry.executor, meter: &meter, sight: $0, busy: machine, watcherWaited: watcher)
            } ?? entry.executor.isOver
            lock.lock()
            watched[entry.id] = over ? nil : (entry.executor, meter)
            lock.unlock()
        }
    }

    /// What one look saw of a run before the machine's total was read.
    struct Sight {
        /// The job running (0 if none, or if it changed during the look), when it started, and the look's wall time,
        /// all in the run's nanoseconds.
        var job: Int
        var jobStart: Int64
        var wall: Int64
        /// The sample of the run's thread (nil where it cannot be read).
        var sample: ThreadTime.Sample?
        /// The run's wait for its own timer the sample was taken in (`OneThreadExecutor.ownTimerWait`), or 0.
        var timerWait = 0
    }

    /// What the watchdog saw of a blocked thread, for its report: how much of the hold was on a CPU (nil: unknown) and
    /// what the thread is doing as it is judged (Linux).
    private static func seen(_ executor: OneThreadExecutor, cpu: Int64?) -> String {
        var parts: [String] = []
        if let cpu { parts.append("\(HarnessFailure.format(.nanoseconds(cpu))) of it on a CPU") }
        if let now = ThreadState.described(executor.threadID.load(ordering: .acquiring)) { parts.append("now \(now)") }
        return parts.isEmpty ? "" : "; " + parts.joined(separator: ", ")
    }

    /// The first half of a look at one run: nil if it need not be judged (over, or its loop not begun).
    static func sight(_ executor: OneThreadExecutor) -> Sight? {
        if executor.isOver { return nil }
        // Not begun: a thread slow to start (a loaded machine) is no time of the run's. Not `threadID`, which stays 0
        // where the kernel's id cannot be read (Apple platforms): the watchdog would then never look.
        if !executor.loopBegan.load(ordering: .acquiring) { return nil }
        let job = executor.runningJob.load(ordering: .acquiring)
        let timerWait = executor.ownTimerWait.load(ordering: .acquiring)
        let jobStart = executor.runningJobStart.load(ordering: .relaxed)
        let wall = harness_coarse_monotonic_nanoseconds() - executor.startedAt
        let sample = ThreadTime.sample(thread: executor.threadID.load(ordering: .acquiring))
        // The job must be the same after the sample as before it: a watchdog starved between the two reads would
        // otherwise give the job it saw first the sleep of the idle thread it sampled later (the harness waiting for
        // the shop's own thread, once, under load: "one job held the thread for 1.07 s" after one short job).
        let sameJob = executor.runningJob.load(ordering: .acquiring) == job ? job : 0
        // Likewise the timer wait: only a sample taken inside it is one of that wait.
        let sameWait = executor.ownTimerWait.load(ordering: .acquiring) == timerWait ? timerWait : 0
        return Sight(job: sameJob, jobStart: jobStart, wall: wall, sample: sample, timerWait: sameWait)
    }

    /// The second half of a look at one run, given what `sight` saw and the machine's busy total read after it: fails
    /// the run if one job has held its thread too long (running, or asleep on a semaphore, a lock or a timer while the
    /// machine had a CPU to spare; not waiting for a CPU or for the disk), or the run has had its thread past its time
    /// limit. Returns whether the run is over.
    static func check(_ executor: OneThreadExecutor, meter: inout HoldMeter, sight: Sight, busy machine: Int64?,
                      watcherWaited: Int64? = nil) -> Bool {
        if executor.isOver { return true }
        let (sameJob, jobStart, wall, sample) = (sight.job, sight.jobStart, sight.wall, sight.sample)
        let cpuAtStart = executor.threadCPUAtStart.load(ordering: .relaxed)
        let busyAtStart = executor.machineBusyAtStart.load(ordering: .relaxed)
        let (jobHeld, runHad) = meter.look(job: sameJob, jobStart: jobStart, wall: wall, sample: sample, busy: machine,
                                           cpuAtStart: cpuAtStart >= 0 ? cpuAtStart : nil,
                                           busyAtStart: busyAtStart >= 0 ? busyAtStart : nil,
                                           paused: executor.waitsForOthers.load(ordering: .relaxed),
                                           watcherWaited: watcherWaited, timerWait: sight.timerWait)
        let options = executor.options
        // A job that waits, a look later, for outside work it handed out (a pipe a Dispatch block writes) would wait
        // for ever while that work is held for the job's end: let it go. Only a wait of the program's own counts
        // (`sleepsOnTheProgramsWork`): a job that is merely slow — kept from a CPU, or on a lock a preempted thread
        // holds — must not have its work let go early, or a loaded machine would change the seed's schedule.
        if sameJob != 0, executor.holdsWork,
           ThreadState.sleepsOnTheProgramsWork(executor.threadID.load(ordering: .acquiring)) {
            if executor.jobSeenHolding.exchange(sameJob, ordering: .relaxed) == sameJob { executor.releaseHeld() }
        }
        if jobHeld > Nanoseconds(options.blockedThreadLimit) {
            executor.failFromOutside(.blockedThread, "one job held the strict pool's only thread for " +
                "\(HarnessFailure.format(.nanoseconds(jobHeld))) in \(executor.schedule) (running, or asleep in the " +
                "kernel while the machine had a CPU to spare; not waiting for a CPU or the disk)" +
                Self.seen(executor, cpu: sample == nil ? nil : meter.jobCPU) + ": work that blocks (a semaphore, a lock, " +
                "sleep(), a network read, a spin) holds a thread the pool never replaces, and every other task starves, " +
                "as on Apple's strict pool.")
            return true
        }
        if runHad > Nanoseconds(options.timeLimit) {
            executor.failFromOutside(.timedOut, "the scenario was still running after " +
                "\(HarnessFailure.format(options.timeLimit)) of its thread's time (\(HarnessFailure.format(.nanoseconds(wall))) " +
                "of wall time).", hitTimeLimit: true)
            return true
        }
        return false
    }
}
