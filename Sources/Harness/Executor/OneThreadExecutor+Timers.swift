#if os(Linux) || HARNESS_EXECUTOR_SPI
@_spi(ExperimentalScheduling) import _Concurrency
#endif
import CHarnessTime

#if os(Linux) || HARNESS_EXECUTOR_SPI
// Where `SchedulingExecutor` cannot be named (a Mac without the private interface), `Task.sleep` gives its timer to
// the platform's default executor instead, on the real clock (`Capability.timers`).

extension OneThreadExecutor: SchedulingExecutor {
    /// A timer from `Task.sleep(nanoseconds:)` and clocks that speak in delays: exact.
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration,
                           tolerance: C.Duration?, clock: C) {
        let nanoseconds = (delay as? Duration).map(Nanoseconds) ?? 0
        setTimer(UnownedJob(job), afterNanoseconds: nanoseconds)
    }

    /// A timer from `Task.sleep(for:)` and `Task.sleep(until:)`.
    ///
    /// Inside a seeded job the standard clocks read the run's virtual time, so the deadline is exact:
    /// its distance from `now` is the sleep's duration to the nanosecond. Under real time on the run's
    /// thread it goes on the run's clock (`RunClock`) as of the thread's read of `now` it came from, so
    /// waiting for a CPU in between cannot shorten it. Anywhere else (another thread, or a platform where
    /// the clock cannot be shown virtual time or the waits cannot be counted) it is measured against the
    /// real clock, and under `seeded` that is a guess the run counts (`Run.guessedTimers`).
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant,
                           tolerance: C.Duration?, clock: C) {
        let exact = harness_virtual_time_is_on() != 0 &&
            (ThreadBinding.current === self || harness_helper_run() == Unmanaged.passUnretained(self).toOpaque())
        let continuous = instant as? ContinuousClock.Instant, suspending = instant as? SuspendingClock.Instant
        if !scheduler.time.isVirtual, ThreadBinding.current === self, continuous != nil || suspending != nil {
            // Real time on the run's own thread: the timer goes on the run's clock as of the thread's last read of the
            // clock (`Task.sleep(for:)` reads `now` a moment before this call), the deadline's distance from that
            // read, both read as they are, with no reading of the time here that a wait for a CPU could make late.
            let kind: Int32 = continuous != nil ? 1 : 0
            let waitAtRead = harness_wait_at_clock_read(kind), readAt = harness_time_at_clock_read(kind)
            if waitAtRead >= 0, readAt >= 0, let deadline = Self.nanoseconds(of: continuous, suspending) {
                // `RunClock` reads the continuous clock; the suspending one is behind it by the time suspended.
                let offset = continuous != nil ? 0 : harness_suspended_nanoseconds()
                setTimer(UnownedJob(job), readAt: readAt + offset, waitAtRead: waitAtRead, after: deadline - readAt)
                return
            }
        }
        let low: Int64, high: Int64
        if let deadline = instant as? ContinuousClock.Instant {
            low = Nanoseconds(ContinuousClock.now.duration(to: deadline))
            high = exact || ThreadBinding.current !== self ? low : Nanoseconds(earliestRecentJobStart.duration(to: deadline))
        } else if let deadline = instant as? SuspendingClock.Instant {
            low = Nanoseconds(SuspendingClock.now.duration(to: deadline))
            high = exact || ThreadBinding.current !== self ? low : low + Nanoseconds(earliestRecentJobStart.duration(to: .now))
        } else {
            low = (clock.now.duration(to: instant) as? Duration).map(Nanoseconds) ?? 0
            high = low
        }
        if exact || !scheduler.time.isVirtual {
            setTimer(UnownedJob(job), afterNanoseconds: low)
        } else {
            setTimer(UnownedJob(job), afterNanoseconds: Self.delay(low: low, high: high), guessed: true)
        }
    }

    /// A standard clock's instant in nanoseconds of its own clock (CLOCK_BOOTTIME for the continuous clock,
    /// CLOCK_MONOTONIC for the suspending one, as `harness_time_at_clock_read` gives them), or nil where it cannot be
    /// had exactly: with the thread's clocks shown zero for a moment, `now` is the clock's origin, so the distance to
    /// the instant is the instant itself.
    private static func nanoseconds(of continuous: ContinuousClock.Instant?,
                                    _ suspending: SuspendingClock.Instant?) -> Int64? {
        guard harness_virtual_time_begin(0, -1) != 0 else { return nil }
        defer { harness_virtual_time_end() }
        if let continuous { return Nanoseconds(ContinuousClock.now.duration(to: continuous)) }
        guard let suspending else { return nil }
        return Nanoseconds(SuspendingClock.now.duration(to: suspending))
    }
}
#endif

extension OneThreadExecutor {
    /// Converts a real-clock deadline's window to a delay in virtual time: the fallback where virtual
    /// time cannot be shown to the scenario.
    ///
    /// `Task.sleep(for:)` hands over `ContinuousClock.now + duration`, computed a moment before this
    /// call. The exact duration lies between `deadline - now` (`low`) and `deadline - start of the
    /// job before this one or the few before it` (`high`); the harness takes the roundest number in
    /// that window that lies within a tenth of its own step above `low` (10 ms rather than 9.99997 ms).
    static func delay(low: Int64, high: Int64) -> Int64 {
        guard high > 0 else { return 0 }
        let low = max(low, 0)
        var grid: Int64 = 1_000_000_000
        while grid > 1 {
            let candidate = (low + grid - 1) / grid * grid
            if candidate <= high, candidate - low <= grid / 10 { return candidate }
            grid /= 10
        }
        return low
    }
}
