import CHarnessTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a thread did, as the watchdog samples it: what tells a job that blocks from a thread the OS did not run.
///
/// Linux keeps, per thread, the CPU time it has used (`/proc/self/task/<tid>/schedstat`, the first number, in
/// nanoseconds) and its state (`/proc/self/task/<tid>/stat`: `R` running or waiting for a CPU, `S` asleep — on a
/// semaphore, a lock, a timer — `D` waiting for the disk). A thread *holds* its pool while it runs (its CPU time
/// grows) or sleeps in the kernel (`S`); a thread that waits for a CPU (`R`, its CPU time still) or for a disk
/// busy with other work (`D`) holds nothing through any fault of its own. Where the files cannot be read (Apple
/// platforms) there is no sample, and judging falls back to wall time.
enum ThreadTime {
    /// One sample of a thread.
    struct Sample: Equatable {
        /// CPU time used so far, in nanoseconds.
        var cpu: Int64
        /// Whether it is asleep in the kernel (`S`) now.
        var sleeping: Bool
        /// Time spent runnable but waiting for a CPU so far, in nanoseconds (the kernel adds a wait when the wait
        /// ends, so a thread waiting now has not had this wait counted yet).
        var waiting: Int64 = 0
    }

    /// The calling thread's kernel id (0 where there is none to read).
    static func currentThreadID() -> Int32 {
        Int32(harness_thread_id())
    }

    /// Thread `tid` of this process now, or nil where it cannot be read.
    static func sample(thread tid: Int32) -> Sample? {
        #if os(Linux)
        guard tid > 0, let schedstat = read("/proc/self/task/\(tid)/schedstat"),
              case let fields = schedstat.split(separator: " "), fields.count >= 2,
              let cpu = Int64(fields[0]), let waiting = Int64(fields[1]),
              let stat = read("/proc/self/task/\(tid)/stat"),
              let close = stat.lastIndex(of: ")") else { return nil }
        // "tid (name) S …": the state is the first letter after the last ')', as a name may hold parentheses.
        let state = stat[stat.index(after: close)...].first { $0 != " " }
        return Sample(cpu: cpu, sleeping: state == "S", waiting: waiting)
        #else
        return nil
        #endif
    }

    #if os(Linux)
    /// The first `limit` bytes of the file at `path` (a `/proc` file: one read gives all of a small one), or nil.
    static func read(_ path: String, limit: Int = 255) -> String? {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: limit + 1)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, limit) }
        return count > 0 ? String(decoding: buffer[0..<count], as: UTF8.self) : nil
    }
    #endif
}

/// What the watchdog saw of one run, and the judgement it draws: a value, so it is tested without threads or a
/// loaded machine.
struct HoldMeter: Equatable {
    /// The most one look counts as held, in nanoseconds: a few of the watchdog's periods. A gap longer than that between
    /// two looks is the watchdog's own absence (kept from a CPU or the disk, the process stopped by a debugger, the
    /// machine paused), not something it saw: it may delay a verdict, never make one. A thread really blocked is seen
    /// at every look, each a period apart, so it is reported as soon as without the cap.
    static let lookCap: Int64 = 4 * Watchdog.period

    /// The job being timed (its number), or 0.
    private(set) var job = 0
    /// When that job started, in nanoseconds since the run started.
    private var jobStart: Int64 = 0
    /// How long that job has held the thread so far.
    private var jobHeld: Int64 = 0
    /// How much of that hold was on a CPU, as far as the samples tell: what a report says of a blocked thread.
    private(set) var jobCPU: Int64 = 0
    /// How long the run has had its thread so far; nil before the first look.
    private var runHad: Int64? = nil
    /// The previous look's wall time and sample.
    private var lastWall: Int64 = 0
    private var lastCPU: Int64 = 0
    private var lastWaiting: Int64 = 0
    private var lastBusy: Int64? = nil
    private var lastWatcherWaited: Int64? = nil
    /// The run's wait for its own timer seen at the previous look (`OneThreadExecutor.ownTimerWait`), or 0.
    private var lastTimerWait = 0

    /// One look: `job` running now (0 if idle), which started `jobStart` nanoseconds after the run did, at `wall`
    /// nanoseconds since the run started, with a sample of the thread (nil: count wall time) and the machine's busy
    /// total (`MachineBusy.total()`; nil: unknown). Returns how long the current job has held the thread and how long
    /// the run has had it. Between two looks the thread held it for the CPU time it used; if the look finds it asleep,
    /// the whole interval less the time it waited for a CPU (up to date then, as the thread is off the run queue) and
    /// less the time the machine had no CPU to spare (what it sleeps on may have been a thread waiting for one: an
    /// oversubscribed machine only stretches the window, it never makes a hold); never more than the interval, nor
    /// than `lookCap`. A thread found running or waiting for a CPU or the disk gets its CPU time only: its current wait
    /// is not counted by the kernel yet. A job that started within the interval gets the part of that after its own
    /// start, and of a sleep only what is left of that part once all the time excused in the interval (the thread's
    /// wait for a CPU, the machine's busy time) is taken from it: where in the interval the excused time fell is not
    /// known, and it may all have been the new job's. So a watchdog that looked late counts neither another job's work,
    /// nor the thread's idle sleep before the job, nor the job's own wait for a CPU as this job's hold.
    /// `cpuAtStart` and `busyAtStart`, the thread's CPU time and the machine's busy total when the run began, let the
    /// first look count from the start too. `paused`: the run is waiting for other runs (`waitsForOthers`), so
    /// the interval is none of its time. `watcherWaited`: the watchdog thread's own time waiting for a CPU so far (its
    /// `Sample.waiting`, read after `sample`; nil: unknown): a wait of its own in the interval is time in which a
    /// runnable thread waited for a CPU, so it counts as busy too, even where the machine's total missed it.
    /// `timerWait`: the run's wait for a timer of its own with nothing else in flight (`OneThreadExecutor.ownTimerWait`;
    /// 0: none). A thread asleep in the same such wait at this look and the last waited for nothing a loaded machine
    /// delays, only for its own clock (`RunClock`: real time less the thread's wait for a CPU): the run had the interval
    /// less that wait alone, so a run sleeping past its time limit reaches it at any load.
    mutating func look(job: Int, jobStart: Int64 = 0, wall: Int64, sample: ThreadTime.Sample?, busy: Int64? = nil,
                       cpuAtStart: Int64? = nil, busyAtStart: Int64? = nil,
                       paused: Bool = false, watcherWaited: Int64? = nil, timerWait: Int = 0) -> (jobHeld: Int64, runHad: Int64) {
        defer { lastWatcherWaited = watcherWaited; lastTimerWait = timerWait }
        if runHad == nil, let cpuAtStart, sample != nil {
            // The run's start is the look before the first: awake, at wall time 0, with this much CPU used.
            runHad = 0
            lastWall = 0
            lastCPU = cpuAtStart
            lastWaiting = sample!.waiting
            // Without the machine's total at the start, the first interval's sleep is not counted (only delayed).
            lastBusy = busy.map { busyAtStart ?? $0 - wall }
            self.job = job
            self.jobStart = jobStart
        }
        guard let had = runHad else {
            // Before the first look: all of it, the only safe guess, but no more than one look may count.
            runHad = min(wall, Self.lookCap)
            lastWall = wall
            lastCPU = sample?.cpu ?? 0
            lastWaiting = sample?.waiting ?? 0
            lastBusy = busy
            self.job = job
            self.jobStart = jobStart
            jobHeld = job == 0 ? 0 : min(max(wall - jobStart, 0), Self.lookCap)
            jobCPU = 0
            return (jobHeld, runHad!)
        }
        let interval = max(wall - lastWall, 0)
        // The part of the interval after the job's start, and how much of that part it held.
        let jobPart = max(wall - max(jobStart, lastWall), 0)
        let held: Int64, jobShare: Int64
        var cpuInJob: Int64 = 0
        if let sample {
            let cpu = max(sample.cpu - lastCPU, 0)
            let waited = max(sample.waiting - lastWaiting, 0)
            // The machine's busy time in the interval: unknown at the last look counts as all of it; unknown now, none.
            var busied: Int64 = 0
            if let busy { busied = lastBusy.map { max(busy - $0, 0) } ?? interval }
            if let watcherWaited, let lastWatcherWaited { busied = max(busied, watcherWaited - lastWatcherWaited) }
            let excused = max(waited, busied)
            let onOwnClock = timerWait != 0 && timerWait == lastTimerWait
            let asleep = sample.sleeping ? max(interval - (onOwnClock ? waited : excused), 0) : 0
            held = min(max(cpu, asleep), interval, Self.lookCap)
            let sleptInJob = sample.sleeping ? max(jobPart - excused, 0) : 0
            jobShare = min(held, max(min(cpu, jobPart), sleptInJob))
            cpuInJob = min(cpu, jobShare)
            lastCPU = sample.cpu
            lastWaiting = sample.waiting
        } else {
            held = min(interval, Self.lookCap)
            jobShare = min(held, jobPart)
        }
        lastBusy = busy
        runHad = had + (paused ? 0 : held)
        if job != self.job {
            self.job = job
            self.jobStart = jobStart
            jobHeld = 0
            jobCPU = 0
        }
        if job != 0 {
            jobHeld += jobShare
            jobCPU += cpuInJob
        }
        lastWall = wall
        return (jobHeld, runHad!)
    }
}
