import CHarnessTime

/// Where virtual time starts, as the standard clocks read it inside a seeded run.
enum VirtualClock {
    /// What `ContinuousClock.now` and `SuspendingClock.now` read at a seeded run's start: the real
    /// monotonic clock then, in whole seconds; from there they read exactly the run's virtual time
    /// more. Real rather than 0, because a deadline computed from it can still reach a real timer —
    /// the one an unstructured task on a global actor gets for its sleep, or Dispatch's — and must
    /// then mean about the right moment; whole seconds, so that durations between instants are exact.
    static func origin() -> Int64 {
        harness_real_monotonic_nanoseconds() / 1_000_000_000 * 1_000_000_000
    }

    /// Whether standard clocks really read virtual time on harness threads here (checked once):
    /// true on Linux, false where the runtime's `clock_gettime` cannot be replaced (Apple
    /// platforms), where sleeps' durations are guessed and `Run.guessedTimers` counts them.
    static let works: Bool = {
        // Two readings an hour apart in virtual time and a moment apart in real time.
        guard harness_virtual_time_begin(origin()) != 0 else { return false }
        let continuous = ContinuousClock.now, suspending = SuspendingClock.now
        harness_virtual_time_begin(origin() + 3_600_000_000_000)
        let continuousLater = ContinuousClock.now, suspendingLater = SuspendingClock.now
        harness_virtual_time_end()
        return continuous.duration(to: continuousLater) == .seconds(3600)
            && suspending.duration(to: suspendingLater) == .seconds(3600)
    }()
}
