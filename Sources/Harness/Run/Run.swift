import CHarnessTime
import Foundation
import Synchronization

/// What a scenario returned, and how the run that produced it went.
public struct Run<Value: Sendable>: Sendable {
    /// What the scenario returned.
    public var value: Value
    /// The schedule asked for.
    package var schedule: Schedule
    /// The schedule it really ran under: `system` becomes `strict` when
    /// `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1` on Linux.
    package var ranAs: Schedule
    /// Jobs the harness ran (0 under `system`, where the real executor runs them).
    package var jobs: Int
    /// Scenario time at the end: virtual under `seeded`; under `strict` real time less the time the harness thread
    /// waited for a CPU (the clock its timers run on); real under `system`.
    package var elapsed: Duration
    /// A hash of every choice the scheduler made: equal for equal schedules, in any process.
    package var scheduleHash: UInt64
    /// Jobs that outlived the scenario (only when `RunOptions.leftovers` lets them drain).
    package var leftoverJobs: Int
    /// Sleeps under `seeded` whose duration had to be guessed from a real-clock deadline (0 wherever
    /// the standard clocks read virtual time, as on Linux): a run with guesses may not replay.
    package var guessedTimers: Int = 0
    /// Each choice the schedule made among more than one ready job, in order (empty under `strict`).
    package var choices: [UInt32] = []
    /// The choice points with their alternatives (recorded under `replay` only).
    var trace: [ChoicePoint] = []
    /// Times a job waited for a `Synchronization.Mutex` another job held: a sign the scenario locks one, whose own
    /// lock is never a choice point (seeded schedules only; an uncontended one leaves no trace).
    package var mutexWaits = 0
    /// Whether it was run a second time, with no other run in progress, because its first attempt shared an actor with
    /// another run (`RunQueue`): what it returned is the second attempt's.
    package var ranAgainAlone = false

    /// The scenario's notes, with the tasks that left them (under `strict` and the virtual-time schedules).
    public var timeline = Timeline()

    /// The choices as a replay string (`HARNESS_SCHEDULE`).
    public var interleaving: Interleaving { Interleaving(choices, points: choices.count) }
}

/// Runs `body` as a scenario under `schedule`, and returns what it returned.
///
/// ```swift
/// let withdrawals = try await run(.seeded(7)) {
///     let account = Account(balance: 100)      // an actor whose withdraw(_:) awaits a fraud check
///     async let first = account.withdraw(80), second = account.withdraw(80)
///     _ = await (first, second)
///     return await account.balance
/// }
/// #expect(withdrawals.value == 20)             // seed 7: the same order of jobs in any process, at any load
///
/// let hour = try await run(.seeded(7)) {
///     let clock = ContinuousClock(), start = clock.now
///     try await Task.sleep(for: .seconds(3600))
///     return start.duration(to: clock.now)
/// }
/// #expect(hour.value == .seconds(3600))        // exactly an hour of virtual time, in milliseconds of real time
/// ```
///
/// `Account`, and `CheckOnceAccount` in the other verbs' examples, are the repository's `Examples/Adopter`.
///
/// Under `strict` and `seeded`, the body and everything it starts — child tasks, `async let`, task
/// groups, default actors, `Task {}` and `Task.detached`, and main-actor work — run on one thread of
/// the harness's own, and `Task.sleep` asks the harness for its timer. Under `seeded` time is
/// virtual: `ContinuousClock.now` and `SuspendingClock.now` read the run's clock there, and a sleep
/// lasts exactly what it asked.
///
/// - Throws: `HarnessFailure`: a deadlock, a blocked thread, leftover work, a time limit, a bad
///   `HARNESS_*` or `LIBDISPATCH_COOPERATIVE_POOL_STRICT` value, or the body's own error (`threw`).
public func run<Value: Sendable>(
    _ schedule: Schedule,
    options: RunOptions = RunOptions(),
    _ body: @escaping @Sendable () async throws -> Value
) async throws(HarnessFailure) -> Run<Value> {
    try await run(asked: schedule, options: options, plan: try Plan.resolve(), body)
}

/// Runs `schedule` as a caller asked for it under `plan`: a replay line's seed or interleaving in its place
/// (`Plan.substitute`); a printed interleaving that this scenario did not make is said to be another's.
func run<Value: Sendable>(
    asked schedule: Schedule, options: RunOptions, plan: Plan, _ body: @escaping @Sendable () async throws -> Value
) async throws(HarnessFailure) -> Run<Value> {
    let played = plan.substitute(schedule)
    guard played != schedule, case .replay(let replayed) = played else {
        var ran = try await run(played, options: options, plan: plan, body)
        ran.schedule = schedule
        return ran
    }
    var replay: Run<Value>
    do {
        replay = try await run(played, options: options, plan: plan, body)
    } catch {
        // A replay cut short by a failure is counted as fitting if it made the string's choices up to where it was cut.
        if error.kind != .badSetting { ReplayTally.count(fitted: replayed.misfit(error.trace, cutShort: true) == nil) }
        throw error
    }
    // A printed interleaving that this scenario did not make is another scenario's, or older code's: say so.
    if replayed.passedTheCut(replay.trace) {
        ReplayTally.count(fitted: true)
        throw .cutDidNotRecur(replayed)
    }
    let misfit = replayed.misfit(replay.trace)
    ReplayTally.count(fitted: misfit == nil)
    if let misfit { throw .scheduleMisfit(replayed, misfit) }
    replay.schedule = schedule
    return replay
}

/// Runs `body` as a scenario under `schedule`, as given: it reads no setting (`plan` is its caller's, resolved where
/// the check or the exploration started); only `system` becomes `strict` where `plan` asks for the strict pool.
func run<Value: Sendable>(
    _ schedule: Schedule, options: RunOptions, plan: Plan, _ body: @escaping @Sendable () async throws -> Value
) async throws(HarnessFailure) -> Run<Value> {
    let effective = options.honoursStrictPoolVariable ? effectiveSchedule(schedule, plan: plan) : schedule
    RunCounter.count(effective)
    var options = options
    if schedule == .system, effective == .strict {
        // A system run sent to the one-thread pool behaves like a real pool of one thread: it waits for
        // outside work (the main actor, other threads) as long as the run may last, and lets a job block
        // its thread, as Apple's strict pool does; a run that never ends still ends at the time limit.
        options.outsideWorkGrace = max(options.outsideWorkGrace, options.timeLimit)
        options.blockedThreadLimit = max(options.blockedThreadLimit, options.timeLimit)
    }
    let record: RunRecord
    var ranAgainAlone = false
    let attempt = { @Sendable [options, effective] () async throws -> RunRecord in
        try await effective == .system
            ? runOnSystem(options: options, body)
            : runOnOneThread(effective, options: options, body)
    }
    do {
        // Beside other runs; a run that shared an actor with one in progress is run again alone (`RunQueue`).
        var first: RunRecord?
        do {
            first = try await RunQueue.shared.together(attempt)
        } catch let failure as HarnessFailure where failure.touchedAnotherRun {}
        if let first, !first.touchedAnotherRun {
            record = first
        } else {
            ranAgainAlone = true
            record = try await RunQueue.shared.alone(attempt)
        }
    } catch let failure as HarnessFailure {
        throw failure
    } catch {
        throw HarnessFailure(.threw, schedule: effective, summary: "unexpected error \(error)")
    }
    guard let value = record.value as? Value else {
        preconditionFailure("a scenario returned \(type(of: record.value)), not \(Value.self)")
    }
    return Run(value: value, schedule: schedule, ranAs: effective, jobs: record.jobs, elapsed: record.elapsed,
               scheduleHash: record.scheduleHash, leftoverJobs: record.leftoverJobs,
               guessedTimers: record.guessedTimers, choices: record.choices, trace: record.trace,
               mutexWaits: record.mutexWaits, ranAgainAlone: ranAgainAlone, timeline: record.timeline)
}

/// `system` becomes `strict` where the strict-pool variable is set and the platform ignores it.
func effectiveSchedule(_ schedule: Schedule, plan: Plan) -> Schedule {
    #if os(Linux) || os(Windows) || os(Android)
    if schedule == .system, plan.strictPool { return .strict }
    #endif
    return schedule
}

/// Runs `body` on a new one-thread executor and waits for its record.
private func runOnOneThread(
    _ schedule: Schedule, options: RunOptions,
    _ body: @escaping @Sendable () async throws -> any Sendable
) async throws -> RunRecord {
    _ = GlobalEnqueueHook.installed
    _ = OutsideWorkCallbacks.installed
    _ = LockCallbacks.installed
    let box = ExecutorBox()
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RunRecord, any Error>) in
            let executor = OneThreadExecutor(schedule: schedule, scheduler: scheduler(for: schedule, options: options),
                                             options: options) { result in
                continuation.resume(with: result)
            }
            // The scenario's own task prefers the executor, so it and its children run there; its notes say "scenario".
            let scenario = Task(name: "scenario", executorPreference: executor) {
                do {
                    let value = try await RunRegistry.$madeIn.withValue(ObjectIdentifier(executor)) { try await body() }
                    executor.scenarioFinished(.success(value))
                } catch {
                    executor.scenarioFinished(.failure(error))
                }
            }
            box.set(scenario)
            Watchdog.shared.watch(executor)
            HarnessThreads.shared.start(name: "harness \(schedule)") { executor.loop() }
        }
    } onCancel: {
        box.cancel()
    }
}

/// How a run under `schedule` chooses its next job: the schedule's picker (none under `strict`: the oldest job first),
/// its clock, and the limits its judge holds it to.
private func scheduler(for schedule: Schedule, options: RunOptions) -> Scheduler {
    let limits = RunJudge.Limits(leftovers: options.leftovers, jobLimit: options.jobLimit, drainBudget: options.drainBudget,
                                 waitsForOutsideWork: options.outsideWorkGrace > .zero)
    return Scheduler(picker: schedule.picker, virtualTime: schedule.isVirtualTime, limits: limits,
                     jobCost: Nanoseconds(options.virtualJobCost),
                     taskKey: { OneThreadExecutor.taskKey(OneThreadExecutor.job(numbered: $0)) },
                     lodgers: ProcessLived.lodgers)
}

/// Runs `body` on the real global executor, failing if it outlasts the time limit.
private func runOnSystem(
    options: RunOptions,
    _ body: @escaping @Sendable () async throws -> any Sendable
) async throws -> RunRecord {
    let started = ContinuousClock.now
    let once = Once()
    // Claimed when the scenario's first step runs: until then the run waits for a thread of the pool, which other work of
    // the process (other tests' runs, a blocking call of theirs) may hold, so none of that wait is the scenario's time.
    let begun = Once()
    let box = ExecutorBox()
    // Busy until it ends, for runs on harness threads that wait for other runs before calling a deadlock.
    RunRegistry.shared.system(true)
    defer { RunRegistry.shared.system(false) }
    return try await withTaskCancellationHandler {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<RunRecord, any Error>) in
            let task = Task.detached {
                _ = begun.claim()
                let result: Result<any Sendable, any Error>
                // A detached task copies no task-locals: it says itself that it runs inside a run's turn.
                do {
                    result = .success(try await RunQueue.$holdsTurn.withValue(true) {
                        try await SystemRunStart.$instant.withValue(started) { try await body() }
                    })
                }
                catch { result = .failure(error) }
                guard once.claim() else { return }
                let elapsed = started.duration(to: .now)
                switch result {
                case .success(let value):
                    continuation.resume(returning: RunRecord(value: value, jobs: 0, elapsed: elapsed,
                                                             scheduleHash: 0, leftoverJobs: 0))
                case .failure(let error):
                    var failure = HarnessFailure(.threw, schedule: .system, summary: "the scenario threw \(error)")
                    failure.underlying = error
                    failure.elapsed = elapsed
                    continuation.resume(throwing: failure)
                }
            }
            box.set(task)
            // A timer on a thread of its own: the pool may be the very thing that is blocked.
            Thread.detachNewThread {
                guard let failure = systemRunEnding(options: options, over: once, begun: begun) else { return }
                task.cancel()
                continuation.resume(throwing: failure)
            }
        }
    } onCancel: {
        box.cancel()
    }
}

/// The kernel ids of the threads watching `system` runs now.
private let systemRunWatchers = Mutex<Set<Int32>>([])

/// The threads that look rather than work: every system run's watcher, and the watchdog (which may start after a
/// run did, so it is asked each time). They wake every few milliseconds; what they do is not the scenarios' work.
private func stillnessLookers() -> Set<Int32> {
    var lookers = systemRunWatchers.withLock { $0 }
    lookers.insert(Watchdog.shared.threadID.load(ordering: .acquiring))
    return lookers
}

/// Watches a `system` run from a thread of its own until it is over (nil) or must end: at the time limit, counted
/// from the scenario's first step (`begun`), or once the whole process has been still for `options.stillnessLimit` (a
/// waiter nobody resumes).
private func systemRunEnding(options: RunOptions, over once: Once, begun: Once) -> HarnessFailure? {
    let start = harness_real_monotonic_nanoseconds()
    var limit = SystemRunLimit(limit: Nanoseconds(options.timeLimit), wall: start, busy: MachineBusy.total())
    let stillLimit = options.stillnessLimit.map(Nanoseconds)
    var stillness = Stillness()
    let me = ThreadTime.currentThreadID()
    systemRunWatchers.withLock { _ = $0.insert(me) }
    defer { systemRunWatchers.withLock { _ = $0.remove(me) } }
    while !once.isClaimed {
        let wall = harness_real_monotonic_nanoseconds(), now = wall - start
        if limit.look(wall: wall, busy: MachineBusy.total(), begun: begun.isClaimed),
           let waited = limit.waitedForThePool {
            guard once.claim() else { return nil }
            var failure = HarnessFailure(.timedOut, schedule: .system, summary:
                "the scenario was still running after \(HarnessFailure.format(options.timeLimit)) of real time " +
                "in which the machine had a CPU to spare, from its first step (\(HarnessFailure.format(.nanoseconds(now))) " +
                "in all, \(HarnessFailure.format(.nanoseconds(waited))) of them waiting for the pool to start it) on the " +
                "system executor (is the pool blocked, or is something never resumed?).")
            failure.elapsed = .nanoseconds(now)
            failure.hitTimeLimit = true
            return failure
        }
        if let stillLimit,
           let sample = Stillness.sample(ignoring: stillnessLookers(), waiting: RunRegistry.shared.waitingForOthers()),
           case let still = stillness.look(sample, at: now), still >= stillLimit {
            guard once.claim() else { return nil }
            var failure = HarnessFailure(.deadlock, schedule: .system, summary:
                "the scenario was still waiting after every thread of the process had slept for " +
                "\(HarnessFailure.format(.nanoseconds(still))), none using any CPU: on the real pool that means nothing " +
                "is left to run and nothing will resume it (a continuation never resumed, a stream nobody finishes). " +
                "The scenario sets no timer and takes no work from another thread (RunOptions.stillnessLimit).")
            failure.elapsed = .nanoseconds(now)
            return failure
        }
        usleep(20_000)
    }
    return nil
}

/// A `system` run's time limit, counted in spare time from the scenario's first step: on an oversubscribed machine the
/// scenario's threads wait for a CPU, not for it, and a pool held by other work delays the first step, which is not the
/// run's time either. Fed by its watcher's looks, so a test can feed it a pool that holds the run back for minutes.
package struct SystemRunLimit: Sendable {
    /// The limit, in nanoseconds of spare time.
    let limit: Int64
    /// The real time at which the run was asked for, in nanoseconds.
    let start: Int64
    /// How long the run waited for the pool before its first step, in nanoseconds; nil until that step is seen.
    package private(set) var waitedForThePool: Int64?
    /// Spare time since the first step (restarted at every look before it).
    private var spare: SpareTime

    /// A limit of `limit` nanoseconds for a run asked for at real time `wall`, the machine's busy total then `busy`.
    package init(limit: Int64, wall: Int64, busy: Int64?) {
        self.limit = limit
        start = wall
        spare = SpareTime(wall: wall, busy: busy)
    }

    /// One look at real time `wall`, busy total `busy`, the scenario's first step seen or not (`begun`): whether the
    /// run has had its whole limit.
    package mutating func look(wall: Int64, busy: Int64?, begun: Bool) -> Bool {
        if waitedForThePool == nil {
            if begun { waitedForThePool = wall - start } else { spare = SpareTime(wall: wall, busy: busy) }
        }
        return waitedForThePool != nil && spare.look(wall: wall, busy: busy) >= limit
    }
}

/// When a `system` run started, for `ScenarioClock` (a task-local, so it reaches child tasks).
enum SystemRunStart {
    /// The start of the enclosing system run, if any.
    @TaskLocal static var instant: ContinuousClock.Instant?
}

/// Whether the calling code runs on a harness thread (under `strict` or `seeded`): how a test shows
/// what the harness catches and what escapes it.
package func isOnHarnessThread() -> Bool {
    ThreadBinding.current != nil
}
