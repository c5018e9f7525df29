import CHarnessTime
#if canImport(Glibc)
import Glibc
#endif

/// The clock of a `strict` run: real time since the run started, less the time its thread waited for a CPU.
///
/// ```swift
/// var clock = RunClock()
/// clock.count(thread: ThreadTime.currentThreadID())   // on the run's thread, as its loop begins
/// let due = clock.now() + 300_000_000                 // a 300 ms timer, due when `clock.now()` reaches it
/// ```
///
/// A strict run's timers are set, and fall due, on this clock. On real time alone the OS could reorder two timers
/// one thread set in order: a thread kept waiting for a CPU for 400 ms between a job that sets a 600 ms timer and one
/// that sets a 300 ms timer sees the later timer fall due first. Linux counts, per thread, the time it spent runnable
/// but not running (`/proc/self/task/<tid>/schedstat`, its second number); that time is taken out here, so the clock
/// moves only while the thread runs or sleeps (on a timer it waits for, a lock, a blocking call in a job) — the time
/// in which it could have run. A loaded machine then only makes a strict run take longer in real time.
///
/// The kernel adds a wait to the count when the wait ends, so the count is whole whenever the run's thread reads it
/// itself, and a read from another thread may come before a wait still in progress is counted: the clock never goes
/// back (it stands still until real time has caught up). Where the count cannot be read (Apple platforms) the clock
/// is real time. A read costs a `pread` of the count, taken at most every 50 µs of real time.
struct RunClock {
    /// Real time when the run started, in nanoseconds (`readReal`'s).
    private let start: Int64
    /// Reads real time, in nanoseconds of a monotonic clock.
    private let readReal: () -> Int64
    /// Reads the thread's time spent waiting for a CPU so far, in nanoseconds (nil: it cannot be read now); nil
    /// until `count` is called, and after `stop`.
    private var readWait: (() -> Int64?)? = nil
    /// The thread's wait when counting began.
    private var waitAtStart: Int64 = 0
    /// The wait counted since then, at the last read.
    private var waited: Int64 = 0
    /// The open count of waits being taken out (`count(thread:)`), or -1: what the thread notes at each read of the
    /// standard clocks (`harness_clock_reads_begin`).
    private(set) var waitDescriptor: Int32 = -1
    /// The real time (since the start) of the last read of the wait.
    private var lastRead: Int64 = .min
    /// The last time this clock gave.
    private var last: Int64 = 0
    /// The latest time a timer of the counted thread was set from (`due`, `base`).
    private var lastBase: Int64 = .min
    /// How much real time may pass before the wait is read again: within it the clock runs as real time.
    static var rereadAfter: Int64 { 50_000 }

    /// A clock starting now, on real time (`readReal`, the real monotonic clock unless a test gives its own).
    init(readReal: @escaping () -> Int64 = { harness_real_monotonic_nanoseconds() }) {
        self.readReal = readReal
        start = readReal()
    }

    /// Starts taking out the waits for a CPU of thread `tid` (of this process), from now on.
    mutating func count(thread tid: Int32) {
        guard let counter = CPUWaitCounter(thread: tid) else { return }
        count(readWait: counter.read)
        if readWait != nil { waitDescriptor = counter.descriptor }
    }

    /// Starts taking out the waits that `readWait` reads (nanoseconds so far), from now on.
    mutating func count(readWait: @escaping () -> Int64?) {
        guard let first = readWait() else { return }
        self.readWait = readWait
        waitAtStart = first
        waited = 0
        lastRead = readReal() - start
    }

    /// Stops reading waits (the run's thread is ending): the clock goes on as real time less the waits counted so far.
    mutating func stop() {
        readWait = nil
        waitDescriptor = -1
    }

    /// The clock now, in nanoseconds since the run started: never less than it said before.
    mutating func now() -> Int64 {
        let real = readReal() - start
        if let readWait, real - lastRead >= Self.rereadAfter {
            if let total = readWait() { waited = max(total - waitAtStart, waited) }
            lastRead = real
        }
        last = max(last, real - waited)
        return last
    }

    /// Where a timer set `duration` after a read of the real clock falls due on this clock: `readAt` is what that
    /// read gave (`readReal`'s time), `waitAtRead` the thread's wait for a CPU in all just before it (as
    /// `count(thread:)` reads it). The timer is due `duration` after the latest of: the clock's time at the read, the
    /// clock now taken back to the read, and the time the timer before it was set from (`base`). So a wait after the
    /// read cannot shorten it, it never falls due before `now()` has run `duration` since the read, and a wait cannot
    /// reorder two timers the thread set in order. Call on the counted thread.
    mutating func due(readAt: Int64, waitAtRead: Int64, after duration: Int64) -> Int64 {
        // The clock at the read, from the read itself: the thread's own count just before it is whole (the kernel
        // counts a wait when it ends).
        let atRead = readAt - start - max(waitAtRead - waitAtStart, 0)
        // `now()` taken back to the read: it may stand ahead of `atRead`, pushed by a read from another thread
        // during a wait not counted yet, and the timer falls due on `now()`. Alone it would order two timers set
        // while it stands still by the microseconds between each read and its timer: hence the order kept by
        // `lastBase`.
        let clockNow = now()
        // Real time first, then the wait: a wait between the two reads only delays the timer.
        let sinceRead = readReal() - readAt
        let waitNow = readWait?() ?? waitAtRead
        let taken = clockNow - sinceRead + max(waitNow - waitAtRead, 0)
        lastBase = max(lastBase, atRead, taken)
        return lastBase + max(duration, 0)
    }

    /// Where the clock's time now is taken from for a timer set as a delay from now, on the counted thread: never
    /// before the time a timer set before it was taken from (`due(readAt:waitAtRead:after:)`), so that timers of the
    /// same delay fall due in the order they were set.
    mutating func base() -> Int64 {
        lastBase = max(lastBase, now())
        return lastBase
    }
}

/// One thread's time spent runnable but waiting for a CPU, read from `/proc/self/task/<tid>/schedstat` through a
/// descriptor kept open (a `pread` a read); the file is closed when the counter goes.
private final class CPUWaitCounter {
    /// The open count.
    let descriptor: Int32

    /// A counter for thread `tid`, or nil where its count cannot be read.
    init?(thread tid: Int32) {
        #if os(Linux)
        guard tid > 0 else { return nil }
        descriptor = open("/proc/self/task/\(tid)/schedstat", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        guard read() != nil else {
            close(descriptor)
            return nil
        }
        #else
        return nil
        #endif
    }

    deinit {
        #if os(Linux)
        close(descriptor)
        #endif
    }

    /// The wait so far, in nanoseconds, or nil.
    func read() -> Int64? {
        let wait = harness_cpu_wait(descriptor)
        return wait >= 0 ? wait : nil
    }
}
