import CHarnessTime
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How much of a thread's life it really had: what tells a job that blocks from a thread the OS did
/// not run.
///
/// Linux keeps, per thread, the time it spent on a CPU and the time it spent runnable but waiting
/// for one (`/proc/self/task/<tid>/schedstat`: both in nanoseconds). Wall time minus the waiting is
/// the time the thread either ran (a spin) or slept in the kernel (a semaphore, `sleep()`, I/O): the
/// time a job *held* the thread. Time the OS simply did not give it — a loaded machine, other
/// builds, CPU hogs — is not counted against the scenario. Where the file cannot be read (Apple
/// platforms), the wait reads as zero and judging falls back to wall time.
enum ThreadTime {
    /// The calling thread's kernel id (0 where there is none to read).
    static func currentThreadID() -> Int32 {
        Int32(harness_thread_id())
    }

    /// Nanoseconds thread `tid` of this process has spent runnable but not running, or nil.
    static func waitingForCPU(thread tid: Int32) -> Int64? {
        #if os(Linux)
        guard tid > 0 else { return nil }
        let path = "/proc/self/task/\(tid)/schedstat"
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 96)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 95) }
        guard count > 0 else { return nil }
        let fields = String(decoding: buffer[0..<count], as: UTF8.self).split(separator: " ")
        guard fields.count >= 2 else { return nil }
        return Int64(fields[1])
        #else
        return nil
        #endif
    }
}

extension ThreadTime {
    /// Whether thread `tid` of this process is in uninterruptible sleep now (`D`: waiting for the disk), or nil.
    static func isWaitingForDisk(thread tid: Int32) -> Bool? {
        #if os(Linux)
        guard tid > 0 else { return nil }
        let fd = open("/proc/self/task/\(tid)/stat", O_RDONLY)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, 255) }
        // "tid (name) S …": the state is the first letter after the last ')', as a name may hold parentheses.
        guard count > 0, let close = buffer[0..<count].lastIndex(of: UInt8(ascii: ")")), close + 2 < count else { return nil }
        return buffer[close + 2] == UInt8(ascii: "D")
        #else
        return nil
        #endif
    }
}

/// What the watchdog saw of one run, and the judgement it draws: a value, so it is tested without
/// threads or a loaded machine.
struct HoldMeter: Equatable {
    /// The job being timed (its number), or 0.
    private(set) var job = 0
    /// Wall time when the watchdog first saw that job, in nanoseconds.
    private var jobSeenAt: Int64 = 0
    /// The thread's CPU wait when it first saw that job.
    private var jobWaitAt: Int64 = 0
    /// The thread's CPU wait when the watchdog first saw the run.
    private var runWaitAt: Int64? = nil
    /// Wall time and CPU wait at the previous look.
    private var lastWall: Int64 = 0
    private var lastWaiting: Int64 = 0
    /// Time between looks that found the thread waiting for the disk, during this job and in the run.
    private var jobDiskWait: Int64 = 0
    private var runDiskWait: Int64 = 0

    /// One look: `job` running now (0 if idle), which started `jobStart` nanoseconds after the run did; `wall`
    /// nanoseconds since the run started, with the thread's CPU wait so far and whether it waits for the disk now.
    /// Returns how long the current job has held the thread, and how long the run has had its thread: wall time
    /// less the time it waited for a CPU, and less the time between looks that found it waiting for the disk (a
    /// machine whose disk is busy with other work is not the scenario's fault either). A job is timed from its own
    /// start, and its CPU wait from the look before it was first seen, so a watchdog that itself ran late neither
    /// misses a job's hold nor counts the starved time as one.
    mutating func look(job: Int, jobStart: Int64 = 0, wall: Int64, waiting: Int64,
                       waitingForDisk: Bool = false) -> (jobHeld: Int64, runHad: Int64) {
        if runWaitAt == nil { runWaitAt = waiting; lastWall = wall; lastWaiting = waiting }
        if job != self.job {
            self.job = job
            jobSeenAt = min(jobStart, wall)
            jobWaitAt = lastWaiting
            jobDiskWait = 0
        }
        if waitingForDisk {
            jobDiskWait += wall - lastWall
            runDiskWait += wall - lastWall
        }
        lastWall = wall
        lastWaiting = waiting
        let jobHeld = job == 0 ? 0 : (wall - jobSeenAt) - (waiting - jobWaitAt) - jobDiskWait
        let runHad = wall - (waiting - runWaitAt!) - runDiskWait
        return (max(jobHeld, 0), max(runHad, 0))
    }
}
