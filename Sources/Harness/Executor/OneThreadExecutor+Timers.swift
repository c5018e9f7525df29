@_spi(ExperimentalScheduling) import _Concurrency
import CHarnessTime

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
    /// its distance from `now` is the sleep's duration to the nanosecond. Anywhere else (real time,
    /// or a platform where the clock cannot be shown virtual time) it is measured against the real
    /// clock, and under `seeded` that is a guess the run counts (`Run.guessedTimers`).
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant,
                           tolerance: C.Duration?, clock: C) {
        let exact = harness_virtual_time_is_on() != 0 &&
            (ThreadBinding.current === self || harness_helper_run() == Unmanaged.passUnretained(self).toOpaque())
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
        if exact || !virtualTime {
            setTimer(UnownedJob(job), afterNanoseconds: low)
        } else {
            setTimer(UnownedJob(job), afterNanoseconds: Self.delay(low: low, high: high), guessed: true)
        }
    }

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
