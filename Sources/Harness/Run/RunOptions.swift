/// How strict a run is, and how long it may take.
public struct RunOptions: Sendable {
    /// What to do about work that outlives the scenario.
    public enum LeftoverPolicy: Sendable {
        /// Report any as a failure: for scenarios that must leave nothing running.
        case fail
        /// Let it finish after the scenario returned (a library's own task ending a job or two after
        /// its consumer saw the end), and fail only if it is still running after `drainBudget` jobs.
        /// `Run.leftoverJobs` counts it. The default.
        case drain

        /// The same as `drain`.
        package static var allow: LeftoverPolicy { .drain }
    }

    /// What to do about work still ready, or run by a timer, after the scenario returned.
    public var leftovers: LeftoverPolicy = .drain
    /// How many jobs work that outlived the scenario may run before the run fails as leftovers.
    package var drainBudget: Int = 10_000
    /// How long one job may hold the harness's thread before the run fails as blocked.
    public var blockedThreadLimit: Duration = .seconds(1)
    /// How long a run may take in real time before it fails, whatever it is doing.
    public var timeLimit: Duration = .seconds(30)
    /// How many jobs a run may take before it fails (a loop that never ends under virtual time).
    package var jobLimit: Int = 20_000_000
    /// How long to wait, with nothing ready and no timer set, for work coming from outside the
    /// harness (another thread resuming a continuation, a Dispatch queue) before calling it a
    /// deadlock. Zero — the default — reports a deadlock at once. Main-actor work started inside a
    /// run is inside the harness and needs none.
    public var outsideWorkGrace: Duration = .zero
    /// How long a run with nothing of its own to do waits for work it handed outside its thread and knows is still
    /// under way — a Dispatch block it submitted, a thread it started, neither of them waiting for another thread —
    /// before it fails as `outside work pending`, naming what it waited for. Spare time (`SpareTime`): a loaded
    /// machine only makes the wait longer. The run goes on as soon as anything of that work ends or resumes it.
    public var outsideWorkLimit: Duration = .seconds(10)
    /// How many steps work outside the run's thread may take in a row, with no job of the run's own running between
    /// them, when outside work itself made each step: a Dispatch block or an executor hop handed out by outside work, a
    /// job on a thread the run follows since it ran the run's work, a firing of a timer source or a thread's sleep on
    /// the run's clock. Past it the run fails as a loop that never ends (`time limit`), naming the work: work that
    /// escaped the run and spins — tasks that start one another on an executor's thread, a block that submits itself
    /// again — never ends by itself. A count, so a loaded machine only takes longer to reach it.
    public var escapedWorkLimit: Int = 100_000
    /// On the real pool (`system`), how long every thread of the process may sleep, none of them using any CPU,
    /// before a scenario still unfinished is reported as a deadlock (`Stillness`). Nil — the default — leaves
    /// only the time limit. Set it only for a scenario that sets no timer and takes no work from another thread
    /// (a sleep or a callback looks exactly like a waiter nobody resumes): for example a main-actor scenario, whose
    /// stranded waiter would otherwise cost the whole time limit. Activity anywhere in the process (a parallel
    /// test, a machine too busy to run a thread) only delays the report.
    public var stillnessLimit: Duration? = nil
    /// How much virtual time each job of a busy loop takes under `seeded`: past a burst of 1 000
    /// jobs in a row with work always ready, so that a loop which never sleeps still lets time pass
    /// and timers fire, as it would for real. Any other job takes no virtual time, so sleeps and
    /// the clock stay exact.
    package var virtualJobCost: Duration = .microseconds(1)

    /// Whether a `system` run goes to the one-thread strict pool when `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1`
    /// on Linux. False only for scenarios that measure the real pool itself (its queue's label, its width).
    package var honoursStrictPoolVariable = true

    /// The defaults: leftovers drain, 1 s blocked-thread limit, 30 s time limit, no grace.
    public init() {}

    /// Defaults changed by a closure: `.init { $0.leftovers = .fail }`.
    public init(_ change: (inout RunOptions) -> Void) {
        change(&self)
    }
}
