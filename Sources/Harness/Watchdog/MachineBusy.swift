import CHarnessTime
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How long the machine had no CPU to spare: what tells a job asleep because nothing woke it from one asleep because
/// whatever would wake it (another thread of the scenario, the kernel's timer work, a thread the subject started)
/// was runnable but got no CPU.
///
/// Linux's pressure stall information (`/proc/pressure/cpu`, "some … total=" in microseconds) counts, CPU by CPU, the
/// time in which a runnable thread waited for that CPU: the definition of an oversubscribed machine. The system total
/// averages the CPUs (`stallTime`), so it is scaled back by the number of CPUs. Where it cannot
/// be read (a kernel without it), `/proc/stat`'s idle time gives a bound that is never too low: a machine whose CPUs
/// were idle for `idle` nanoseconds between two looks had a CPU to spare for at least `idle / cores` of them, so the
/// rest counts as busy. A job's sleep is its hold only net of this time (`HoldMeter`), so oversubscription, however
/// heavy, cannot make a blocked thread: it only stretches the window in which a real one is seen.
enum MachineBusy {
    /// Nanoseconds so far in which the machine may have had no CPU to spare (a total that only grows); nil where
    /// neither source can be read (Apple platforms), and a sleep then counts whole.
    static func total() -> Int64? {
        #if os(Linux)
        if let stalled = pressureStall() { return stalled }
        return busyFromIdle()
        #else
        return nil
        #endif
    }

    /// The total the watchdog read at its last look (-1: none yet, or unreadable), and when (the coarse clock).
    private static let latest = Atomic<Int64>(-1)
    private static let latestAt = Atomic<Int64>(0)

    /// Reads the total now and keeps it for `baseline()`: the watchdog, once a look.
    static func readForLook() -> Int64? {
        let now = total()
        latest.store(now ?? -1, ordering: .relaxed)
        latestAt.store(harness_coarse_monotonic_nanoseconds(), ordering: .relaxed)
        return now
    }

    /// A total to count a run's time from, without reading `/proc` at each run's start: the watchdog's last read if it
    /// is recent, else a read now. Only ever a *baseline*: one older than the start makes `busy(now) − baseline` larger,
    /// so a look counts less of a sleep as held — it can delay a blocked-thread verdict, never cause one. (A total
    /// standing for *now* must never come from here: an old now would count less as busy, and hasten a verdict.)
    static func baseline() -> Int64? {
        let value = latest.load(ordering: .relaxed)
        if value >= 0, harness_coarse_monotonic_nanoseconds() - latestAt.load(ordering: .relaxed) < 200_000_000 {
            return value
        }
        return total()
    }

    #if os(Linux)
    /// `/proc/pressure/cpu`'s "some" total as `stallTime`, in nanoseconds.
    static func pressureStall() -> Int64? {
        guard let text = read("/proc/pressure/cpu"), let line = text.split(separator: "\n").first(where: { $0.hasPrefix("some") }),
              let field = line.split(separator: " ").first(where: { $0.hasPrefix("total=") }),
              let micro = Int64(field.dropFirst("total=".count)) else { return nil }
        return stallTime(someMicroseconds: micro, cores: Int64(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1)))
    }
    #endif

    /// The pressure total "some" (`someMicroseconds`) of a machine of `cores` CPUs as a total that grows at least as
    /// fast as the time in which some CPU had a thread waiting for it, in nanoseconds. The kernel's total is an average
    /// of the CPUs' own stall times weighted by their busy time (`kernel/sched/psi.c`: tSOME = Σ tSOME[i] · tNONIDLE[i]
    /// / Σ tNONIDLE[i]), not their union: on two busy CPUs, one with a thread waiting all along, it grows at half the
    /// rate of real time. Times the CPUs it is at least the union while every CPU is busy (more than real time when
    /// several CPUs stall at once, which a look caps at its interval): a sleep then counts less, which can delay a
    /// blocked-thread verdict, never cause one.
    static func stallTime(someMicroseconds: Int64, cores: Int64) -> Int64 {
        someMicroseconds * 1_000 * max(cores, 1)
    }

    #if os(Linux)
    /// Real time less the machine's idle time shared out over its CPUs, in nanoseconds: never less than the time
    /// without a spare CPU.
    static func busyFromIdle() -> Int64? {
        guard let text = read("/proc/stat"), let line = text.split(separator: "\n").first(where: { $0.hasPrefix("cpu ") }),
              case let fields = line.split(separator: " ").dropFirst(), fields.count >= 4,
              let idleTicks = Int64(fields[fields.startIndex + 3]) else { return nil }
        let ticksPerSecond = Int64(sysconf(Int32(_SC_CLK_TCK))), cores = Int64(max(sysconf(Int32(_SC_NPROCESSORS_ONLN)), 1))
        guard ticksPerSecond > 0 else { return nil }
        let idle = idleTicks * (1_000_000_000 / ticksPerSecond)
        return max(harness_real_monotonic_nanoseconds() - idle / cores, 0)
    }

    /// The start of the file at `path` (up to 4 KiB), or nil.
    private static func read(_ path: String) -> String? {
        ThreadTime.read(path, limit: 4095)
    }
    #endif
}

/// Real time counted only while the machine had a CPU to spare: the clock of every grace period and real-time limit
/// that ends a run (`RunOptions.outsideWorkGrace`, a `system` run's time limit) or a child process (the quiz's
/// compiler and crash children). On a machine with CPUs to spare it runs as real time; on an oversubscribed one it
/// slows down, so load only delays what it ends, never causes it.
///
/// ```swift
/// var spare = SpareTime.starting()
/// while !done {
///     if spare.lookNow() >= 30_000_000_000 { giveUp() }   // 30 s in which the machine could have run it
///     usleep(20_000)
/// }
/// ```
package struct SpareTime: Equatable, Sendable {
    /// Spare time counted so far, in nanoseconds.
    package private(set) var total: Int64 = 0
    /// The previous look's real time and busy total.
    private var lastWall: Int64
    private var lastBusy: Int64?

    /// A count starting at real time `wall` with the machine's busy total `busy`.
    package init(wall: Int64, busy: Int64?) {
        lastWall = wall
        lastBusy = busy
    }

    /// One look at real time `wall`, busy total `busy`: adds the interval less the time the machine was busy in it.
    /// Where the busy total cannot be read (nil, at this look or the last) the interval counts whole. Every count is
    /// looked at every 100 ms or sooner, so a longer gap is the looker's own absence (a debugger's stop, a paused
    /// machine, a looker kept from a CPU that the machine's total missed): one look adds at most `HoldMeter.lookCap`,
    /// so such a gap only delays what the count ends, as it does the watchdog's verdicts.
    @discardableResult
    package mutating func look(wall: Int64, busy: Int64?) -> Int64 {
        let interval = max(wall - lastWall, 0)
        let busied = busy.flatMap { now in lastBusy.map { max(now - $0, 0) } } ?? 0
        total += min(max(interval - busied, 0), HoldMeter.lookCap)
        lastWall = wall
        lastBusy = busy
        return total
    }

    /// A count from now.
    package static func starting() -> SpareTime {
        SpareTime(wall: harness_real_monotonic_nanoseconds(), busy: MachineBusy.total())
    }

    /// Looks now: the spare time counted so far, in nanoseconds.
    @discardableResult
    package mutating func lookNow() -> Int64 {
        look(wall: harness_real_monotonic_nanoseconds(), busy: MachineBusy.total())
    }
}
