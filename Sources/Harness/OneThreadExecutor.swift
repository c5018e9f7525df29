@_spi(ExperimentalScheduling) import _Concurrency
import Foundation
import Synchronization

/// A task executor with exactly one thread of its own: the strict pool, and the seeded scheduler.
///
/// Jobs arrive through `enqueue` (tasks that prefer this executor, their child tasks, default actors
/// they call) and through the global-enqueue hook (`Task {}` and `Task.detached` created on this
/// thread). Timers arrive through `SchedulingExecutor`, which `Task.sleep` asks on this toolchain.
/// The thread takes one job at a time — the oldest (`strict`) or one drawn by a seeded generator
/// (`seeded`) — and runs it to its next suspension.
///
/// `@unchecked Sendable`: every mutable property is read and written under `condition`, except
/// those marked "harness thread only", which only `loop()` and the jobs it runs touch, and the
/// atomic `jobStartedAt`, which the watchdog reads.
final class OneThreadExecutor: TaskExecutor, @unchecked Sendable {
    /// How the next job is chosen.
    private enum Picking {
        /// The oldest ready job.
        case fifo
        /// A ready job drawn by the generator.
        case seeded(SeededGenerator)
    }

    /// The lock that guards the executor's state, and the signal that work arrived.
    private let condition = NSCondition()
    /// The schedule this executor plays.
    let schedule: Schedule
    /// The run's limits.
    let options: RunOptions
    /// Called once, with the run's record or its failure.
    private let onComplete: @Sendable (Result<RunRecord, HarnessFailure>) -> Void
    /// Whether time is virtual (seeded) or real (strict).
    private let virtualTime: Bool
    /// When the run started, for real time and the time limit.
    let startedAt = ContinuousClock.now

    /// The rule that picks the next job.
    private var picking: Picking
    /// The jobs ready to run.
    private var ready = ReadyQueue()
    /// The jobs waiting for a deadline.
    private var timers = TimerHeap()
    /// Virtual time, in nanoseconds since the run started (`seeded` only).
    private var virtualNow: Int64 = 0
    /// The choices made so far, hashed.
    private var hash = ScheduleHash()
    /// Jobs run so far.
    private var jobsRun = 0
    /// The scenario's result, once it returned or threw.
    private var finished: Result<any Sendable, any Error>? = nil
    /// Jobs still ready when the scenario returned, plus non-timer jobs run after it.
    private var leftoverJobs = 0
    /// Whether the job running now was made ready by a timer (what it hands on is bookkeeping too).
    private var runningTimerJob = false
    /// Jobs run when the scenario returned.
    private var jobsAtFinish = 0
    /// How many jobs may run after the scenario returned when leftovers are allowed.
    private static let drainBudget = 10_000
    /// Whether `onComplete` has been called.
    private var completed = false
    /// Whether the thread must stop at its next look at the queue (after a failure from outside).
    private var abandoned = false
    /// The last notes the scenario left, oldest first.
    private var notes: [String] = []
    /// Real time at which the running job started, in nanoseconds since `startedAt`; -1 when idle.
    let jobStartedAt = Atomic<Int64>(-1)
    /// Real times at which the last few jobs started, oldest first (harness thread only). A sleep's
    /// deadline may have been computed a job or two before the job that hands it over (the call to
    /// the clock's `sleep` can hop), so the window for its duration reaches back to the oldest.
    private var recentJobStarts = Array(repeating: ContinuousClock.now, count: 4)

    /// An executor for `schedule` (strict or seeded) that reports through `onComplete`.
    init(schedule: Schedule, options: RunOptions,
         onComplete: @escaping @Sendable (Result<RunRecord, HarnessFailure>) -> Void) {
        self.schedule = schedule
        self.options = options
        self.onComplete = onComplete
        if case .seeded(let seed) = schedule {
            picking = .seeded(SeededGenerator(seed: seed))
            virtualTime = true
        } else {
            picking = .fifo
            virtualTime = false
        }
    }

    // MARK: Receiving work

    /// Takes a job that is ready now.
    func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }

    /// Takes a job that is ready now (also the door for jobs caught by the global hook).
    func enqueue(_ job: UnownedJob) {
        condition.lock()
        ready.append(job, fromTimer: runningTimerJob)
        condition.signal()
        condition.unlock()
    }

    /// Sets a timer for `job` after `nanoseconds` of the run's time.
    func enqueue(_ job: UnownedJob, afterNanoseconds nanoseconds: Int64) {
        condition.lock()
        timers.insert(job, deadline: now() + max(nanoseconds, 0))
        condition.signal()
        condition.unlock()
    }

    /// The run's time now, in nanoseconds: virtual, or real since the start. Call under the lock.
    private func now() -> Int64 {
        virtualTime ? virtualNow : Nanoseconds(startedAt.duration(to: .now))
    }

    /// The run's time now, for `ScenarioClock`.
    var elapsed: Duration {
        condition.lock()
        defer { condition.unlock() }
        return .nanoseconds(now())
    }

    /// Keeps a note for a failure report (the last twenty).
    func note(_ text: String) {
        condition.lock()
        notes.append(text)
        if notes.count > 20 { notes.removeFirst() }
        condition.unlock()
    }

    /// Records the scenario's result: from here on the loop drains and checks for leftovers.
    func scenarioFinished(_ result: Result<any Sendable, any Error>) {
        condition.lock()
        finished = result
        leftoverJobs = ready.taskWorkCount
        jobsAtFinish = jobsRun
        condition.unlock()
    }

    // MARK: The loop

    /// The thread's whole life: pick, run, repeat, until the scenario is over or abandoned.
    func loop() {
        ThreadBinding.bind(self)
        condition.lock()
        while true {
            if abandoned { break }
            let draining = finished != nil
            let dueBy = draining ? Int64.max : now()
            while let job = timers.popDue(at: dueBy) {
                ready.append(job, fromTimer: true, firedTimer: true)
                hash.mix(0xF1FE)
            }
            if draining, jobsRun - jobsAtFinish > Self.drainBudget {
                // Work outlived the scenario and may never end by itself: report what is known.
                leftoverJobs = max(leftoverJobs, 1)
                complete(finished!)
                break
            }
            if draining, leftoverJobs > 0, options.leftovers == .fail {
                complete(finished!)
                break
            }
            if !ready.isEmpty {
                let entry = pick()
                if draining, !entry.fromTimer { leftoverJobs += 1 }
                run(entry.job, firedTimer: entry.firedTimer)
                if jobsRun > options.jobLimit {
                    fail(.timedOut, "it ran \(jobsRun) jobs without finishing: a loop that never ends " +
                         "(a busy loop that ignores cancellation, or a `try?` that swallows it)")
                    break
                }
                continue
            }
            if let finished {
                complete(finished)
                break
            }
            if let deadline = timers.earliestDeadline {
                if virtualTime {
                    virtualNow = max(virtualNow, deadline)
                    hash.mix(UInt64(bitPattern: virtualNow))
                } else {
                    _ = condition.wait(until: Date().addingTimeInterval(Double(deadline - now()) / 1e9))
                }
                continue
            }
            if options.outsideWorkGrace > .zero,
               condition.wait(until: Date().addingTimeInterval(Double(Nanoseconds(options.outsideWorkGrace)) / 1e9)),
               !ready.isEmpty || abandoned {
                continue
            }
            if !ready.isEmpty || timers.count > 0 { continue }
            fail(.deadlock, "nothing is ready, no timer is set, and the scenario has not returned: " +
                 "some task awaits what nobody will ever give it — a continuation never resumed, " +
                 "a stream nobody finishes, a lock held across an await, or work outside the harness " +
                 "(if the scenario waits for @MainActor code or another thread, give it " +
                 "`RunOptions.outsideWorkGrace`).")
            break
        }
        condition.unlock()
        ThreadBinding.unbind()
    }

    /// Removes the next job by the schedule's rule. Call under the lock.
    private func pick() -> ReadyQueue.Entry {
        switch picking {
        case .fifo:
            return ready.popFirst()
        case .seeded(var generator):
            let count = ready.count
            let offset = count == 1 ? 0 : generator.index(below: count)
            picking = .seeded(generator)
            hash.mix(UInt64(count) << 32 | UInt64(offset))
            return ready.remove(at: offset)
        }
    }

    /// Runs one job with the lock released, watched by the watchdog. Called and returns under the lock.
    private func run(_ job: UnownedJob, firedTimer: Bool) {
        jobsRun += 1
        runningTimerJob = firedTimer
        condition.unlock()
        let jobStart = ContinuousClock.now
        recentJobStarts.removeFirst()
        recentJobStarts.append(jobStart)
        jobStartedAt.store(Nanoseconds(startedAt.duration(to: jobStart)), ordering: .relaxed)
        job.runSynchronously(on: asUnownedTaskExecutor())
        jobStartedAt.store(-1, ordering: .relaxed)
        condition.lock()
        runningTimerJob = false
        if virtualTime { virtualNow += Nanoseconds(options.virtualJobCost) }
    }

    // MARK: Ending

    /// Ends the run with the scenario's result, or with leftovers. Call under the lock.
    private func complete(_ result: Result<any Sendable, any Error>) {
        switch result {
        case .failure(let error):
            var failure = HarnessFailure(.threw, schedule: schedule, summary: "the scenario threw \(error)")
            failure.underlying = error
            finish(.failure(stamped(failure)))
        case .success(let value):
            if leftoverJobs > 0, options.leftovers == .fail {
                fail(.leftovers, "\(leftoverJobs) jobs were still ready or ran after the scenario returned: " +
                     "something started inside it outlived it (a `Task {}` nobody awaited, a loop nobody " +
                     "cancelled). Await or cancel it, or allow leftovers with `RunOptions.leftovers`.")
            } else {
                finish(.success(RunRecord(value: value, jobs: jobsRun,
                                          elapsed: .nanoseconds(now()), scheduleHash: hash.value,
                                          leftoverJobs: leftoverJobs)))
            }
        }
    }

    /// Ends the run with a failure of `kind`. Call under the lock.
    private func fail(_ kind: HarnessFailure.Kind, _ summary: String) {
        finish(.failure(stamped(HarnessFailure(kind, schedule: schedule, summary: summary))))
    }

    /// Adds the run's counters and notes to a failure. Call under the lock.
    private func stamped(_ failure: HarnessFailure) -> HarnessFailure {
        var failure = failure
        failure.jobs = jobsRun
        failure.elapsed = .nanoseconds(now())
        failure.notes = notes
        return failure
    }

    /// Calls `onComplete` once. Call under the lock; the thread is unbound first, so that resuming
    /// the caller (who is not under the harness) does not pull the caller onto this thread.
    private func finish(_ result: Result<RunRecord, HarnessFailure>) {
        guard !completed else { return }
        completed = true
        abandoned = true
        let unbound = ThreadBinding.current === self
        if unbound { ThreadBinding.unbind() }
        onComplete(result)
        if unbound { ThreadBinding.bind(self) }
    }

    /// The watchdog's look: fails the run if one job has held the thread too long, or the run has
    /// gone on past its time limit. Returns whether the run is over.
    func watchdogCheck() -> Bool {
        let nowNanos = Nanoseconds(startedAt.duration(to: .now))
        let started = jobStartedAt.load(ordering: .relaxed)
        condition.lock()
        defer { condition.unlock() }
        if completed { return true }
        if started >= 0, nowNanos - started > Nanoseconds(options.blockedThreadLimit) {
            fail(.blockedThread, "one job blocked the strict pool's only thread for " +
                 "\(HarnessFailure.format(.nanoseconds(nowNanos - started))) in \(schedule): work that " +
                 "blocks (a semaphore, a lock, sleep(), synchronous I/O) holds a thread the pool never " +
                 "replaces, and every other task starves, as on Apple's strict pool.")
            return true
        }
        if nowNanos > Nanoseconds(options.timeLimit) {
            fail(.timedOut, "the scenario was still running after \(HarnessFailure.format(options.timeLimit)) " +
                 "of real time.")
            condition.signal()
            return true
        }
        return false
    }

    // MARK: Time for Task.sleep

    /// Converts a deadline on a standard clock to a delay in run time.
    ///
    /// `Task.sleep(for:)` hands over `ContinuousClock.now + duration`, computed a moment before this
    /// call. The exact duration lies between `deadline - now` (`low`) and `deadline - start of the
    /// job before this one or the few before it` (`high`); under virtual time the harness takes the
    /// roundest number in that window that lies within a tenth of its own step above `low` (10 ms
    /// rather than 9.99997 ms, but never 100 ms for a 10 ms sleep on a machine that stalled the
    /// thread), so that equal sleeps tie exactly and a seed replays the same.
    static func delay(low: Int64, high: Int64) -> Int64 {
        guard high > 0 else { return 0 }
        let low = max(low, 0)
        var grid: Int64 = 1_000_000_000
        while grid > 1 {
            // The true duration is within microseconds above `low` (it was computed a moment ago), but
            // `high` can be far off on a loaded machine: take a round value only if it is close to `low`.
            let candidate = (low + grid - 1) / grid * grid
            if candidate <= high, candidate - low <= grid / 10 { return candidate }
            grid /= 10
        }
        return low
    }

    /// The start of the oldest of the last few jobs (harness thread only): no sleep's deadline can
    /// have been computed before it.
    var earliestRecentJobStart: ContinuousClock.Instant { recentJobStarts[0] }
}

extension OneThreadExecutor: SchedulingExecutor {
    /// A timer from `Task.sleep(nanoseconds:)` and clocks that speak in delays.
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration,
                           tolerance: C.Duration?, clock: C) {
        let nanoseconds = (delay as? Duration).map(Nanoseconds) ?? 0
        enqueue(UnownedJob(job), afterNanoseconds: nanoseconds)
    }

    /// A timer from `Task.sleep(for:)` and `Task.sleep(until:)`.
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant,
                           tolerance: C.Duration?, clock: C) {
        let low: Int64, high: Int64
        if let deadline = instant as? ContinuousClock.Instant {
            let now = ContinuousClock.now
            low = Nanoseconds(now.duration(to: deadline))
            high = ThreadBinding.current === self
                ? Nanoseconds(earliestRecentJobStart.duration(to: deadline)) : low
        } else if let deadline = instant as? SuspendingClock.Instant {
            // The suspending clock moves with the continuous one while the machine is awake, so the
            // time since this job started widens the window the same way.
            low = Nanoseconds(SuspendingClock.now.duration(to: deadline))
            high = ThreadBinding.current === self
                ? low + Nanoseconds(earliestRecentJobStart.duration(to: .now)) : low
        } else {
            low = (clock.now.duration(to: instant) as? Duration).map(Nanoseconds) ?? 0
            high = low
        }
        enqueue(UnownedJob(job), afterNanoseconds: virtualTime ? Self.delay(low: low, high: high) : low)
    }
}

/// The record of a finished run, before its value is given back its type.
struct RunRecord: Sendable {
    /// What the scenario returned.
    var value: any Sendable
    /// Jobs run.
    var jobs: Int
    /// Run time at the end (virtual under `seeded`).
    var elapsed: Duration
    /// The hash of every choice the scheduler made.
    var scheduleHash: UInt64
    /// Jobs still ready at the end or run after it (allowed by the options).
    var leftoverJobs: Int
}
