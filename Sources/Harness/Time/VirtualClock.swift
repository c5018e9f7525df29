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

    /// What the wall clock (`Date()`, CLOCK_REALTIME) reads at a seeded run's start: the real wall clock then, rounded
    /// up to a whole second; from there it moves with the run's time (plus `wallLeadPerWake` for each timer that
    /// fired). Whole seconds, so that the same schedule gives the same `Date` differences in any process: a whole second
    /// is a whole number of a date's last bits, so where a date rounds depends only on the part below the second.
    /// Rounded up, so that no date read in the run is earlier than one read before it.
    static func wallOrigin() -> Int64 {
        (harness_real_wall_nanoseconds() + 999_999_999) / 1_000_000_000 * 1_000_000_000
    }

    /// How far the wall clock goes ahead of the run's monotonic time each time a timer of the run fires: 2 µs.
    ///
    /// A real sleep always wakes after its deadline, never on it, so a duration timed with dates around it is at least
    /// the sleep's; the run's monotonic clocks wake exactly on it (durations in virtual time are exact). Dates need the
    /// margin: a `Date` is a `Double` of seconds since 2001, whose last bit is 2⁻²³ s (119 ns) from 2018 to 2035 and
    /// 2⁻²⁰ s (954 ns) until 2273, and each date rounds to it, so an exact 5 ms between two dates can come out as
    /// 4.99999 ms; no choice of origin avoids it, since the nanoseconds a run reads fall anywhere between two last bits.
    /// Two roundings lose less than one last bit; `gettimeofday` (CoreFoundation's clock) cuts a further microsecond
    /// short. 2 µs covers both, and a real wake-up is later than that (the kernel's timer slack alone is 50 µs).
    static let wallLeadPerWake: Int64 = 2_000

    /// Whether standard clocks really read virtual time on harness threads here (checked once):
    /// true on Linux, false where the runtime's `clock_gettime` cannot be replaced (Apple
    /// platforms), where sleeps' durations are guessed and `Run.guessedTimers` counts them.
    static let works: Bool = {
        // Two readings an hour apart in virtual time and a moment apart in real time.
        guard harness_virtual_time_begin(origin(), -1) != 0 else { return false }
        let continuous = ContinuousClock.now, suspending = SuspendingClock.now
        harness_virtual_time_begin(origin() + 3_600_000_000_000, -1)
        let continuousLater = ContinuousClock.now, suspendingLater = SuspendingClock.now
        harness_virtual_time_end()
        return continuous.duration(to: continuousLater) == .seconds(3600)
            && suspending.duration(to: suspendingLater) == .seconds(3600)
    }()
}
