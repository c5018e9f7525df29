/// How strict a run is, and how long it may take.
public struct RunOptions: Sendable {
    /// What to do about work that outlives the scenario.
    public enum LeftoverPolicy: Sendable {
        /// Report it as a failure: a scenario should leave nothing running (the default).
        case fail
        /// Let it be; `Run.leftoverJobs` still counts it.
        case allow
    }

    /// What to do about work still ready, or run by a timer, after the scenario returned.
    public var leftovers: LeftoverPolicy = .fail
    /// How long one job may hold the harness's thread before the run fails as blocked.
    public var blockedThreadLimit: Duration = .seconds(1)
    /// How long a run may take in real time before it fails, whatever it is doing.
    public var timeLimit: Duration = .seconds(30)
    /// How many jobs a run may take before it fails (a loop that never ends under virtual time).
    public var jobLimit: Int = 20_000_000
    /// How long to wait, with nothing ready and no timer set, for work coming from outside the
    /// harness (a `@MainActor` hop, another thread resuming a continuation) before calling it a
    /// deadlock. Zero — the default — reports a deadlock at once.
    public var outsideWorkGrace: Duration = .zero
    /// How much virtual time each job takes under `seeded`, so that a loop which never sleeps
    /// still lets time pass and timers fire, as it would for real.
    public var virtualJobCost: Duration = .microseconds(1)

    /// Whether a `system` run goes to the one-thread strict pool when `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1`
    /// on Linux. False only for scenarios that measure the real pool itself (its queue's label, its width).
    public var honoursStrictPoolVariable = true

    /// The defaults: fail on leftovers, 1 s blocked-thread limit, 30 s time limit, no grace.
    public init() {}

    /// Defaults changed by a closure: `.init { $0.leftovers = .allow }`.
    public init(_ change: (inout RunOptions) -> Void) {
        change(&self)
    }
}
