import CHarnessTime

/// The run's time, in one value the scheduler owns (`Scheduler.time`): virtual under `seeded`, `pct` and `replay` (it
/// stands still while work is ready and jumps to the next timer), or the strict run's own clock (`RunClock`: real time
/// less the time its thread waited for a CPU). The executor asks it the time, where a timer falls due, and what the
/// standard clocks read on a thread of the run; it never works the time out itself.
///
/// ```swift
/// var time = RunTime(virtual: true)
/// let due = time.due(after: 5_000_000, onRunThread: true)  // a 5 ms sleep, due at 5 ms
/// time.advance(to: due)                                     // every task waits: the clock jumps to the timer
/// time.now()                                                // 5_000_000
/// ```
///
/// Not thread-safe: its owner keeps it under the run's lock.
///
/// Its readers are `mutating` too, so that they read it in place: a debug build (what `swift test` runs) copies a
/// struct to call a non-mutating member on it, and a copy of this one retains and releases the strict clock's
/// closures, at every job.
struct RunTime {
    /// Whether time is virtual (it jumps to the next timer) or the strict run's own (the executor waits for it).
    let isVirtual: Bool
    /// Whether jobs' threads are shown the run's virtual time (`shownToJobs`): asked once a run, as every job asks it
    /// and a read of `VirtualClock.works` is a `swift_once`.
    private let showsJobs: Bool
    /// Virtual time in nanoseconds since the run started (stays 0 under real time).
    private(set) var virtualNow: Int64 = 0
    /// Virtual time when the scenario returned.
    private var finishedAt: Int64 = 0
    /// The strict run's clock: real time less the time the run's thread waited for a CPU.
    private var strict: RunClock
    /// What the standard clocks read at virtual time 0 of this run (see `VirtualClock.origin`).
    private let clockOrigin = VirtualClock.origin()
    /// What the wall clock reads at virtual time 0 of this run (see `VirtualClock.wallOrigin`).
    private let wallOrigin = VirtualClock.wallOrigin()
    /// How far the run's wall clock is ahead of its monotonic time: `VirtualClock.wallLeadPerWake` for each timer of the
    /// run that fired so far, in the schedule's order.
    private var wallLead: Int64 = 0

    /// The time of a run starting now, virtual or strict; `readReal` reads real time for the strict clock (`RunClock`).
    init(virtual: Bool, readReal: @escaping () -> Int64 = { harness_real_monotonic_nanoseconds() }) {
        isVirtual = virtual
        showsJobs = virtual && VirtualClock.works
        strict = RunClock(readReal: readReal)
    }

    // MARK: Reading it

    /// The run's time now, in nanoseconds since it started, as its timers and its reports read it: virtual, or the
    /// strict run's clock.
    mutating func now() -> Int64 {
        isVirtual ? virtualNow : strict.now()
    }

    /// The run's time as its record reports it once over: under virtual time when the scenario returned (the drain
    /// after it takes none of the scenario's time), else now.
    mutating func scenarioTime() -> Int64 {
        isVirtual ? finishedAt : now()
    }

    /// The time a step of the timeline shows: virtual time, or -1 under real time (a step then shows none).
    var timelineNow: Int64 { mutating get { isVirtual ? virtualNow : -1 } }

    /// How long the timeline shows a sleep due at `due` that asked for `duration` (-1 if guessed): under virtual time
    /// the distance to its deadline, else what it asked.
    mutating func timelineLength(until due: Int64, asked duration: Int64) -> Int64 {
        isVirtual ? max(due - virtualNow, 0) : duration
    }

    // MARK: Timers

    /// Where a timer set `nanoseconds` from now falls due: from virtual now, or from the strict clock — on the run's
    /// own thread (`onRunThread`) from its latest base (`RunClock.base`), so that timers of one delay keep the order
    /// they were set in.
    mutating func due(after nanoseconds: Int64, onRunThread: Bool) -> Int64 {
        (isVirtual || !onRunThread ? now() : strict.base()) + max(nanoseconds, 0)
    }

    /// Where a strict timer set on the run's own thread `duration` after that thread's read of the clock falls due
    /// (`RunClock.due(readAt:waitAtRead:after:)`).
    mutating func due(readAt: Int64, waitAtRead: Int64, after duration: Int64) -> Int64 {
        strict.due(readAt: readAt, waitAtRead: waitAtRead, after: duration)
    }

    /// Where a repeating timer source on the run's clock falls due again: `interval` from now, at least 1 ns (a
    /// source due again at once would fire for ever at one instant).
    mutating func repeatDue(after interval: Int64) -> Int64 {
        now() + max(interval, 1)
    }

    /// Where a timer of the run's outside work falls due, `delay` after virtual now: such timers are set on the run's
    /// clock only under virtual time (a delayed Dispatch submission, a helper thread's sleep, a timer source).
    mutating func outsideDue(after delay: Int64) -> Int64 {
        virtualNow + delay
    }

    // MARK: Moving it

    /// Every task waits for a timer: virtual time jumps to its deadline (never back).
    mutating func advance(to deadline: Int64) {
        virtualNow = max(virtualNow, deadline)
    }

    /// A job of a busy streak ran: virtual time moves on by its cost.
    mutating func advance(by cost: Int64) {
        virtualNow += cost
    }

    /// The scenario returned: its time is kept for the record (`scenarioTime`).
    mutating func scenarioFinished() {
        finishedAt = virtualNow
    }

    /// A timer of the run fired: the wall clock goes ahead of the run's monotonic time by
    /// `VirtualClock.wallLeadPerWake`, as a real wake-up comes after its deadline.
    mutating func timerFired() {
        wallLead += VirtualClock.wallLeadPerWake
    }

    // MARK: The strict clock's thread

    /// The run's thread is `tid` and its loop begins: under real time its waits for a CPU are taken out from now on.
    mutating func count(thread tid: Int32) {
        if !isVirtual { strict.count(thread: tid) }
    }

    /// The open count of the run's thread's waits (`RunClock.waitDescriptor`), or -1: what the thread notes at each
    /// read of the standard clocks in a job.
    var waitDescriptor: Int32 { mutating get { strict.waitDescriptor } }

    /// The run's thread is ending: the strict clock reads no more waits.
    mutating func stop() {
        strict.stop()
    }

    // MARK: What the standard clocks read

    /// What the wall clock reads now under virtual time, in nanoseconds since 1970.
    var wallNow: Int64 { mutating get { wallOrigin + virtualNow + wallLead } }

    /// What a thread of the run reads from the standard clocks now under virtual time, whether or not they can be
    /// shown it (`VirtualClock.works`).
    var threadClocks: ThreadClocks { mutating get { ThreadClocks(now: clockOrigin + virtualNow, wall: wallNow) } }

    /// What a job's thread is shown by the standard clocks now: the run's virtual time, or nil where the thread keeps
    /// real time (a strict run, or a platform where the clocks cannot be shown it).
    var shownToJobs: ThreadClocks? { mutating get { showsJobs ? threadClocks : nil } }

    /// What the standard clocks read on one thread of a virtual-time run: the monotonic clocks (`ContinuousClock`,
    /// `SuspendingClock`) and the wall clock, in nanoseconds.
    struct ThreadClocks {
        /// What the monotonic clocks read.
        var now: Int64
        /// What the wall clock reads, since 1970.
        var wall: Int64

        /// Shows this time to the calling thread's standard clocks (a thread-local switch in CHarnessTime), until
        /// `hide()`.
        func show() {
            harness_virtual_time_begin(now, wall)
        }

        /// The calling thread's standard clocks read real time again.
        static func hide() {
            harness_virtual_time_end()
        }
    }
}
