/// The harness's scheduler as a value: the ready jobs, the timers, the clock (`RunTime`), the schedule's hash
/// and the picker that chooses, stepped one job at a time by `next()`.
///
/// Virtual time stands still while work is ready (a job takes no time) and jumps to the next timer
/// when every task waits, so a sleep lasts exactly what it asked; only a scenario that keeps work
/// ready for more than `freeStreak` jobs in a row (a busy loop) is charged `jobCost` a job.
///
/// It knows nothing of threads, locks or the runtime: a job is a number to it (`Job`), so tests step it with plain
/// numbers; `OneThreadExecutor` feeds it jobs and runs what it hands out. What it decides is a function of what it
/// was fed and of its picker alone, which is what makes a seed replay.
struct Scheduler {
    /// A job, as the scheduler knows it: a number it never looks into. The executor passes a job's address
    /// (`OneThreadExecutor.number(of:)`), tests plain numbers. A concrete type rather than a generic parameter: every
    /// job passes through these types, and generic code pays a type-metadata lookup on each call.
    typealias Job = Int

    /// What the executor should do next.
    enum Step {
        /// Run this job, then call `jobFinished()`.
        case run(ReadyQueue.Entry)
        /// Nothing is ready: wait in real time until this deadline (nanoseconds since the start), or
        /// until a job arrives (`strict` only; virtual time jumps instead).
        case waitForTimer(deadline: Int64)
        /// Nothing is ready and, under virtual time, the clock may not move yet: wait for work from outside the
        /// harness thread. `known`: outside work the run handed out may still resume it (wait for it, up to
        /// `RunOptions.outsideWorkLimit`); otherwise none is known (wait up to the grace, then call
        /// `outsideWorkDidNotCome()`).
        case waitForOutsideWork(known: Bool)
        /// A timer of the run's outside work fired (a delayed Dispatch submission, a sleeping thread's wake-up):
        /// act on it, then call `next()` again.
        case fireOutside(UInt64)
        /// The run is over.
        case end(RunJudge.Ending)
    }

    /// How the next job is chosen where more than one is ready; nil: the oldest job runs (`strict`).
    private var picker: HeldPicker?
    /// Whether there is no picker (`strict`): what each job's pick tests, as testing `picker` itself copies the
    /// picker out and destroys the copy.
    private let oldestFirst: Bool
    /// Whether the picker reads the candidates' tasks (`Picker.readsTaskKeys`): only then is a job's task worked out
    /// when it becomes ready, so the other pickers pay nothing for it.
    private let readsTaskKeys: Bool
    /// Whether each choice point is recorded with its alternatives and the calm candidate (`Picker.recordsTrace`).
    private let recordsTrace: Bool
    /// The run's time, virtual or the strict run's own: the one place it is kept, moved and read.
    var time: RunTime
    /// What the run may do before it is judged over.
    let limits: RunJudge.Limits
    /// How much virtual time one job of a busy streak costs.
    let jobCost: Int64
    /// How many jobs in a row, with work always ready, take no virtual time: a burst of work at one
    /// instant. Past it the scenario is spinning, and each further job costs `jobCost`, so that a
    /// busy loop still lets time pass and timers fire, as it would for real.
    static var freeStreak: Int { 1_000 }

    /// The jobs ready to run.
    private(set) var ready = ReadyQueue()
    /// What a timer makes happen: a job ready, or something of the run's outside work (by its serial number).
    enum Timer {
        /// A sleeping job's wake-up.
        case job(Job)
        /// Outside work's timer: a delayed Dispatch submission, a sleeping thread's wake-up.
        case outside(UInt64)
        /// The end of a timed wait of a paused worker (`token`, with PCT's `key`): a semaphore wait that ran out.
        case waitEnds(token: Job, key: UInt64)
    }

    /// The jobs waiting for a deadline.
    private(set) var timers = TimerHeap()
    /// A job that came from outside the harness thread (a continuation resumed there, a task enqueued there), kept
    /// until the next choice, and ordered there by what sent it: under virtual time the next choice waits until no
    /// outside work can still send one, so when real time brought it does not change the schedule.
    private struct Arrival {
        /// The serial number of the outside work that sent it (`OutsideWork`), or `.max` for work the run never
        /// handed out: arrivals join the ready jobs in this order, then in the order they came.
        var key: UInt64
        /// The order it came in.
        var order: UInt64
        /// The job.
        var job: Job
        /// Whether it runs on the main actor.
        var isMain: Bool
    }
    /// Jobs from outside, not yet ready.
    private var inbox: [Arrival] = []
    /// Arrivals counted so far.
    private var arrivals: UInt64 = 0
    /// Whether outside work may still resume the run, as last asked (when nothing else was ready).
    private var outsideBusy = false
    /// The choices made so far, hashed.
    private(set) var hash = ScheduleHash()
    /// Each choice among more than one candidate, in order: the schedule, replayable.
    private(set) var choices: [UInt32] = []
    /// Each choice point with its alternatives, recorded under `replay` only (`Picker.recordsTrace`: what exhaustive
    /// exploration and shrinking walk).
    private(set) var trace: [ChoicePoint] = []
    /// The task a job belongs to: jobs of one task share a key, and a job that is no task's own has
    /// the top bit set (see `OneThreadExecutor.taskKey`). Read only by `pct`, so the other
    /// strategies pay nothing for it.
    let taskKey: (Job) -> UInt64
    /// Under `pct`, the task the running job counts for (0 under the other strategies). Stored, not worked out: the
    /// executor reads it at each pause at a lock, and a debug build copies the whole scheduler to call a getter.
    private(set) var runningPCTKey: UInt64 = 0
    /// For each job handed out under `replay`, the sequence number the first job it made ready
    /// would get: which job made which ready, for `calmIndex`.
    private var handOffs: [UInt64] = []
    /// Jobs handed out so far.
    private(set) var jobsRun = 0
    /// At a lock point, the candidate that goes on (the calm choice there).
    private var calmToken: Job?
    /// Whether the scenario has returned (or thrown).
    private(set) var finished = false
    /// Jobs handed out when the scenario returned.
    private var jobsAtFinish = 0
    /// Work that outlived the scenario: under `.fail`, a task's own jobs still ready when it returned (the
    /// run ends there); under `.drain`, a task's own jobs that ran after it returned.
    private(set) var leftoverJobs = 0
    /// Whether the job running now was made ready by a timer (what it hands on is bookkeeping too).
    private var runningTimerJob = false
    /// Whether the grace for outside work ran out with nothing arriving.
    private var graceSpent = false
    /// Jobs handed out since the ready queue was last empty.
    private var streak = 0

    /// The work of tasks that live as long as the process (`ProcessLived`): how the scheduler tells their jobs from the
    /// run's own, keeps them out of the run once the scenario returned, and takes in what earlier runs left.
    /// Asked on every pick, so `global` takes no lock; `park` and `adopt` are asked only at a run's end and where it
    /// would be quiet.
    struct Lodgers {
        /// The global whose initialiser started the task whose own job this is, if it is such a task's.
        var global: (Job) -> UInt?
        /// Keeps jobs of such tasks, each with its global, for a later run.
        var park: ([(job: Job, global: UInt)]) -> Void
        /// Takes every job earlier runs parked that this run may adopt, oldest first.
        var adopt: () -> [(job: Job, global: UInt)]
    }
    /// Where process-lived work is told apart, parked and adopted (`hasLodgers`). Not an optional: a closure read out
    /// of an optional's payload is copied (retained and released) at every job, one read straight from the field is not.
    private let lodgers: Lodgers
    /// Whether the run was given `lodgers` (false: all work is the run's own, and `lodgers` answers nothing).
    private let hasLodgers: Bool
    /// Process-lived work that is no task's own job, each with its global: a sleep's wake-up such a task set (known
    /// from `setTimer` until it runs), and every job this run adopted.
    private var lodgerWakeUps: [Job: UInt] = [:]
    /// The global of the job running now, if it is process-lived work: the timers it sets are such work too. A job
    /// paused at a lock keeps it under its token (in `lodgerWakeUps`) until it goes on.
    private var runningLodgerGlobal: UInt?
    /// What a pick at a lock point handed the run to, for `paused`: the paused job's token and the picked job's global.
    private var handedAtLockPoint: (token: Job, global: UInt?)?
    /// Whether the run gave its adopted work back with nothing of its own left: it adopts no more until a job of its
    /// own runs.
    private var gaveLodgersBack = false
    /// Whether a job of the run's own ran since the run last let time pass for process-lived timers alone: if not when
    /// it would again, that work ticks beside a run it never resumes, and the run gives it back and is judged without it.
    private var ownRanSinceLodgerWait = false
    /// Whether the run is waiting now for process-lived timers alone (judged once per such wait; strict asks again).
    private var waitingOnLodgerTimers = false
    /// Jobs of process-lived work handed out: counted in `jobsRun` (the budget), not in `ownJobsRun`.
    private var lodgerJobsRun = 0
    /// Jobs of the run's own handed out: what a run reports it ran.
    var ownJobsRun: Int { jobsRun - lodgerJobsRun }

    /// A scheduler that picks with `picker` (nil: the oldest job first, as `strict` runs), with virtual or real time
    /// (a run's time starts here).
    init(picker: (any Picker)?, virtualTime: Bool, limits: RunJudge.Limits, jobCost: Int64 = 1_000,
         taskKey: @escaping (Job) -> UInt64 = { _ in 0 }, lodgers: Lodgers? = nil) {
        self.lodgers = lodgers ?? Lodgers(global: { _ in nil }, park: { _ in }, adopt: { [] })
        hasLodgers = lodgers != nil
        let held = picker.map(HeldPicker.init)
        self.picker = held
        oldestFirst = held == nil
        readsTaskKeys = held?.kind.readsTaskKeys ?? false
        recordsTrace = held?.kind.recordsTrace ?? false
        ready.tracksSequences = recordsTrace
        self.taskKey = taskKey
        time = RunTime(virtual: virtualTime)
        self.limits = limits
        self.jobCost = jobCost
    }

    // MARK: Feeding it

    /// A job is ready now; `isMain` if it runs on the main actor.
    mutating func enqueue(_ job: Job, isMain: Bool = false) {
        ready.append(job, isMain: isMain, fromTimer: runningTimerJob, key: pctKey(ofEnqueued: job))
        graceSpent = false
    }

    /// A job is due at `deadline`, in nanoseconds of the run's clock.
    mutating func setTimer(_ job: Job, deadline: Int64) {
        if let runningLodgerGlobal { lodgerWakeUps[job] = runningLodgerGlobal }
        timers.insert(.job(job), deadline: deadline)
        graceSpent = false
    }

    /// Outside work `serial` is due at `deadline` (a delayed Dispatch submission, a sleeping thread's wake-up).
    mutating func setOutsideTimer(_ serial: UInt64, deadline: Int64) {
        timers.insert(.outside(serial), deadline: deadline)
        graceSpent = false
    }

    /// The paused worker `token` (PCT's `key`) waits until `deadline` at most: then it is ready again, and in
    /// `endedWaits` until it goes on (`waitResumed`).
    mutating func setWaitTimer(_ token: Job, key: UInt64, deadline: Int64) {
        timers.insert(.waitEnds(token: token, key: key), deadline: deadline)
        graceSpent = false
    }

    /// The wait of `token` ended before its deadline: its timer is taken out.
    mutating func cancelWaitTimer(_ token: Job) {
        guard timers.count > 0 else { return }
        _ = timers.removeAll { if case .waitEnds(token, _) = $0 { true } else { false } }
    }

    /// Paused workers whose timed wait ran out, not yet gone on.
    private(set) var endedWaits: Set<Job> = []

    /// The worker `token` goes on: its wait is over.
    mutating func waitResumed(_ token: Job) {
        if !endedWaits.isEmpty { endedWaits.remove(token) }
    }

    /// A job came from outside the harness thread, sent by outside work `key` (or `.max`, if by none the run knows).
    mutating func arrive(_ job: Job, isMain: Bool = false, from key: UInt64) {
        inbox.append(Arrival(key: key, order: arrivals, job: job, isMain: isMain))
        arrivals += 1
        graceSpent = false
    }

    /// Moves every arrival to the ready jobs, by the outside work that sent it, then in the order they came.
    private mutating func deliverArrivals() {
        inbox.sort { ($0.key, $0.order) < ($1.key, $1.order) }
        for arrival in inbox { enqueue(arrival.job, isMain: arrival.isMain) }
        hash.mix(0xA221_0000 | UInt64(inbox.count))
        inbox.removeAll(keepingCapacity: true)
    }

    /// A paused worker (`token`, an odd number) is ready again: its lock was released. `key`: PCT's.
    mutating func enqueueToken(_ token: Job, key: UInt64) {
        ready.append(token, key: key)
    }

    /// The running job is about to take a lock: a choice point among it (`token`, going on) and every ready job and
    /// paused worker. Nil if nothing else is ready (no choice); else the pick, which is `token` itself if
    /// the job goes on. Going on is the calm choice.
    mutating func pickAtLockPoint(continuing token: Job) -> ReadyQueue.Entry? {
        guard ready.candidateCount > 0 else { return nil }
        ready.append(token, key: runningPCTKey)
        calmToken = token
        let entry = pick()
        calmToken = nil
        guard entry.job != token else { return entry }
        let lodger = lodgerGlobal(of: entry.job)
        if lodger != nil { lodgerWakeUps[entry.job] = nil }
        handedAtLockPoint = (token, lodger)
        if entry.job & 1 == 0 { countHandedOut(entry, lodger: lodger != nil) }
        return entry
    }

    /// The running job paused (at a lock, or waiting for one) as `token`: if it is process-lived work, its token is
    /// too until it goes on; what runs next is what a pick at its lock point handed the run to, or what `next` picks.
    mutating func paused(_ token: Job) {
        if let runningLodgerGlobal { lodgerWakeUps[token] = runningLodgerGlobal }
        runningLodgerGlobal = handedAtLockPoint?.token == token ? handedAtLockPoint?.global : nil
        handedAtLockPoint = nil
    }

    /// The scenario returned or threw: from here on the run drains and is judged.
    mutating func scenarioFinished() {
        finished = true
        time.scenarioFinished()
        jobsAtFinish = jobsRun
        // Work of tasks that outlive the run is not leftover work: it is parked as it comes up (`next`).
        let isLodger = lodgerTest
        leftoverJobs = limits.leftovers == .fail ? ready.taskWorkCount(excluding: isLodger) : 0
    }

    /// The job handed out by the last `next()` has run to its next suspension.
    mutating func jobFinished() {
        runningTimerJob = false
        runningLodgerGlobal = nil
        if time.isVirtual, streak > Self.freeStreak { time.advance(by: jobCost) }
    }

    /// The executor waited the whole grace and no work came from outside.
    mutating func outsideWorkDidNotCome() {
        graceSpent = true
    }

    // MARK: Stepping

    /// What to do next. `outsideMayResume`: whether outside work the run handed out may still resume it, asked only
    /// when nothing else is ready.
    mutating func next(outsideMayResume: () -> Bool = { false }) -> Step {
        while true {
            // After the scenario returned, every timer is due: what is left is bookkeeping (a
            // cancelled sleep) or work that outlived the scenario, and neither waits for the clock.
            let dueBy = finished ? Int64.max : time.now()
            // A look at the count first: most steps have no timer set, and the call costs more than the look.
            while timers.count > 0, let timer = timers.popDue(at: dueBy) {
                switch timer {
                case .job(let job):
                    // Once the scenario returned, a process-lived task's wake-up is kept for a later run (whose clock
                    // its sleep's end belongs to).
                    if finished, hasLodgers, let global = lodgerGlobal(of: job) {
                        lodgers.park([(job, global)])
                        lodgerWakeUps[job] = nil
                        continue
                    }
                    ready.append(job, fromTimer: true, firedTimer: true, key: pctKey(ofTimer: job))
                    hash.mix(0xF1FE)
                case .outside(let serial):
                    hash.mix(0x0B51_DE00)
                    return .fireOutside(serial)
                case .waitEnds(let token, let key):
                    endedWaits.insert(token)
                    ready.append(token, key: key)
                    hash.mix(0x5E4A_0000)
                }
            }
            // Under virtual time outside work takes no time and runs between jobs: the next job waits until none of
            // it can still resume the run, so what it sent is all in, whenever the machine really ran it.
            let settling: Bool? = time.isVirtual && !finished ? outsideMayResume() : nil
            if settling == true { return .waitForOutsideWork(known: true) }
            if !inbox.isEmpty { deliverArrivals() }
            outsideBusy = ready.count == 0 && timers.count == 0 && !finished && (settling ?? outsideMayResume())
            // Nothing of the run's own can go on: process-lived work earlier runs left may (a janitor's tick), so the
            // run takes it in here, at a point of its own schedule, its sleeps over, in the order it was left.
            if ready.count == 0, timers.count == 0, !finished, !outsideBusy, !gaveLodgersBack, hasLodgers {
                let adopted = lodgers.adopt()
                if !adopted.isEmpty {
                    for (job, global) in adopted {
                        lodgerWakeUps[job] = global
                        ready.append(job, fromTimer: true, firedTimer: true, key: pctKey(ofTimer: job))
                    }
                    hash.mix(0xAD09_0000 | UInt64(adopted.count))
                    continue
                }
            }
            // With work ready, the scenario not returned and the budget not spent, the judge has no ending: it is asked
            // only otherwise, rather than its state built at every job.
            if finished || ready.count == 0 || jobsRun > limits.jobLimit,
               let ending = RunJudge.ending(of: state, limits: limits) { return .end(ending) }
            if ready.count == 0, timers.count > 0, !finished, !waitingOnLodgerTimers, hasLodgers, !hasOwnWork() {
                if !ownRanSinceLodgerWait {
                    giveBack()
                    continue
                }
                ownRanSinceLodgerWait = false
                waitingOnLodgerTimers = true
            }
            if ready.count > 0 {
                waitingOnLodgerTimers = false
                let entry = pick()
                // A process-lived job that is ready runs even once the scenario returned, not as leftover work: the
                // task goes on to its next sleep, whose wake-up is parked. So what a run leaves is always a task asleep,
                // whatever the schedule, and the run that takes it in gets the same work after any run before it.
                runningLodgerGlobal = lodgerGlobal(of: entry.job)
                // A wake-up's number may be another job's later.
                if runningLodgerGlobal != nil { lodgerWakeUps[entry.job] = nil }
                countHandedOut(entry, lodger: runningLodgerGlobal != nil)
                return .run(entry)
            }
            streak = 0
            if let deadline = timers.earliestDeadline {
                guard time.isVirtual else { return .waitForTimer(deadline: deadline) }
                time.advance(to: deadline)
                hash.mix(UInt64(bitPattern: time.virtualNow))
                continue
            }
            return .waitForOutsideWork(known: outsideBusy)
        }
    }

    /// The global whose process-lived work `job` is, if it is such work.
    private func lodgerGlobal(of job: Job) -> UInt? {
        guard hasLodgers else { return nil }
        if !lodgerWakeUps.isEmpty, let global = lodgerWakeUps[job] { return global }
        return lodgers.global(job)
    }

    /// Whether a job is process-lived work, as a test that holds no access to the scheduler.
    private var lodgerTest: (Job) -> Bool {
        guard hasLodgers else { return { _ in false } }
        let lodgers = lodgers, wakeUps = lodgerWakeUps
        return { wakeUps[$0] != nil || lodgers.global($0) != nil }
    }

    /// Counts a job handed out to run, at a pick of `next` or at a lock point; `lodger`, whether it is process-lived
    /// work (which is neither the run's own work nor leftover work).
    private mutating func countHandedOut(_ entry: ReadyQueue.Entry, lodger: Bool) {
        jobsRun += 1
        streak += 1
        if lodger {
            lodgerJobsRun += 1
        } else {
            ownRanSinceLodgerWait = true
            gaveLodgersBack = false
        }
        if finished, !entry.fromTimer, !lodger { leftoverJobs += 1 }
        runningTimerJob = entry.firedTimer
    }

    /// Whether a job or a timer of the run's own (not process-lived) is waiting. Called at every timer wait: it builds
    /// no closure that outlives it.
    private func hasOwnWork() -> Bool {
        ready.contains { lodgerGlobal(of: $0) == nil } || timers.contains { timer in
            if case .job(let job) = timer { return lodgerGlobal(of: job) == nil }
            return true
        }
    }

    /// Parks every process-lived job and timer of a run that ends: they outlive it.
    mutating func parkLodgers() {
        if hasLodgers { giveBack() }
    }

    /// Parks every process-lived job and timer of the run: it has nothing of its own left, and is judged without them.
    private mutating func giveBack() {
        // A paused worker's token stays: its thread is the run's, and its job goes on in this run or ends with it.
        let isLodger = lodgerTest
        var kept = ready.removeAll(where: { $0 & 1 == 0 && isLodger($0) })
        for timer in timers.removeAll(where: { timer in
            if case .job(let job) = timer { return isLodger(job) }
            return false
        }) {
            if case .job(let job) = timer { kept.append(job) }
        }
        lodgers.park(kept.compactMap { job in lodgerGlobal(of: job).map { (job, $0) } })
        for job in kept { lodgerWakeUps[job] = nil }
        hash.mix(0xB4C0_0000)
        gaveLodgersBack = true
    }

    /// What the judge looks at.
    var state: RunJudge.State {
        RunJudge.State(finished: finished, ready: ready.count, timers: timers.count, jobsRun: jobsRun,
                       jobsAfterFinish: finished ? jobsRun - jobsAtFinish : 0, leftoverJobs: leftoverJobs,
                       graceSpent: graceSpent, outsideBusy: outsideBusy)
    }

    /// Removes the next job: the oldest with no picker (`strict`), else the candidate the picker chooses.
    private mutating func pick() -> ReadyQueue.Entry {
        guard !oldestFirst else { return ready.popOldest() }
        let count = ready.candidateCount
        let index = count > 1 ? choose(among: count) : 0
        // Where the jobs the taken one hands on will start (`calmIndex`).
        if recordsTrace { handOffs.append(ready.nextSequence) }
        let entry = ready.removeCandidate(index)
        // The task the running job counts for: an entry's key is 0 unless the picker reads task keys.
        runningPCTKey = entry.key
        return entry
    }

    /// The picker's choice among `count` candidates (at least two), hashed and recorded.
    private mutating func choose(among count: Int) -> Int {
        let calm = recordsTrace ? calmCandidate(among: count) : 0
        let index: Int
        if readsTaskKeys {
            // Taken out of `self` while it picks: the key closure then reads the queue in place rather than a copy of
            // it, and a picker's own state (PCT's priorities) is never shared, so never copied on write.
            var chooser = picker.take()!
            index = chooser.pick(among: count, key: { ready.key(ofCandidate: $0) }, calm: { calm })
            picker = consume chooser  // moved back: a plain assignment copies it and destroys the local
        } else {
            // A picker that reads no task key picks in place: taking it out and back costs two trips through the
            // optional's value witnesses (it may hold `any Picker`) at every choice.
            index = picker!.pick(among: count, key: { _ in 0 }, calm: { calm })
        }
        recordChoice(index, among: count)
        if recordsTrace { trace.append(ChoicePoint(index: UInt32(index), count: UInt32(count), calm: UInt32(calm))) }
        return index
    }

    /// The candidate that does not preempt: at a lock point the job going on, else `calmIndex()`.
    private func calmCandidate(among count: Int) -> Int {
        calmToken.flatMap { token in (0..<count).first { ready.candidate($0).job == token } } ?? calmIndex()
    }

    /// The task a job made ready by the running one counts for under `pct` (0 under the other strategies): its own,
    /// or, for a job that is no task's own (its key has the top bit set: an actor's processing job), the task whose
    /// job made it ready. PCT's threads are tasks, and an actor's job runs on behalf of the task that scheduled it, so
    /// it takes that task's priority instead of a random one of its own.
    private func pctKey(ofEnqueued job: Job) -> UInt64 {
        guard readsTaskKeys else { return 0 }
        let own = taskKey(job)
        return own >> 63 == 1 ? runningPCTKey : own
    }

    /// The task a job a timer made ready counts for under `pct` (0 under the other strategies): its own.
    private func pctKey(ofTimer job: Job) -> UInt64 {
        guard readsTaskKeys else { return 0 }
        return taskKey(job)
    }

    /// Hashes and records the choice of candidate `index` among `count`.
    @inline(__always)
    private mutating func recordChoice(_ index: Int, among count: Int) {
        hash.mix(UInt64(count) << 32 | UInt64(index))
        choices.append(UInt32(index))
    }

    /// The candidate a scheduler that never preempts takes: the oldest job handed on by the most
    /// recent job that handed on any still ready. So a line of work (a task's own jobs, or an
    /// actor's that runs it) goes on until it waits, and when a line that preempted another
    /// waits, the one it preempted resumes: a preemption is one switch away and back. Any other
    /// choice is a preemption, and `exhaustive(bound:)` counts those.
    func calmIndex() -> Int {
        // Which job made a job ready grows with the job's sequence number, so the most recent job
        // with work still ready is the one that made the newest candidate ready.
        let sequences = ready.otherSequences, head = ready.otherSequencesHead, main = ready.mainSequence
        var newest = main ?? 0
        for position in head..<sequences.count { newest = max(newest, sequences[position]) }
        var low = 0, high = handOffs.count
        while low < high {
            let middle = (low + high) / 2
            if handOffs[middle] <= newest { low = middle + 1 } else { high = middle }
        }
        let handedOnFrom = low > 0 ? handOffs[low - 1] : 0
        var best = sequences.count - head, bestSequence = main ?? .max
        if bestSequence < handedOnFrom { bestSequence = .max }
        for position in head..<sequences.count {
            let sequence = sequences[position]
            if sequence >= handedOnFrom, sequence < bestSequence { (best, bestSequence) = (position - head, sequence) }
        }
        return best
    }
}

/// A picker held by its concrete type where it is one of the package's three: each choice is then a direct call the
/// optimizer inlines, where a call through `any Picker` is a witness call and a copy of the existential's box (the
/// bench's yields row, where every job is a choice point among ten, showed it). Any other picker is held as it is.
enum HeldPicker {
    /// `seeded`'s.
    case random(RandomPicker)
    /// `pct`'s.
    case pct(PCTPicker)
    /// `replay`'s.
    case replay(ReplayPicker)
    /// A picker the package does not define (a test's).
    case other(any Picker)

    /// `picker`, by its concrete type where it has a case of its own.
    init(_ picker: any Picker) {
        switch picker {
        case let random as RandomPicker: self = .random(random)
        case let pct as PCTPicker: self = .pct(pct)
        case let replay as ReplayPicker: self = .replay(replay)
        default: self = .other(picker)
        }
    }

    /// The held picker's type: what it says of itself (`readsTaskKeys`, `recordsTrace`), read once per scheduler.
    var kind: any Picker.Type {
        switch self {
        case .random: RandomPicker.self
        case .pct: PCTPicker.self
        case .replay: ReplayPicker.self
        case .other(let picker): type(of: picker)
        }
    }

    /// The held picker's `Picker.pick(among:key:calm:)`. The picker is moved out and back, never copied: PCT's
    /// priorities are then never shared, so never copied on write.
    mutating func pick(among count: Int, key: (Int) -> UInt64, calm: () -> Int) -> Int {
        switch consume self {
        case .random(var picker):
            defer { self = .random(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        case .pct(var picker):
            defer { self = .pct(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        case .replay(var picker):
            defer { self = .replay(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        case .other(var picker):
            defer { self = .other(picker) }
            return picker.pick(among: count, key: key, calm: calm)
        }
    }
}
