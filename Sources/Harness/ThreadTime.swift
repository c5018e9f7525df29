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

    /// One look: `job` running now (0 if idle), `wall` nanoseconds since the run started, with the
    /// thread's CPU wait so far. Returns how long the current job has held the thread, and how long
    /// the run has had its thread (wall time less the waiting seen since the first look).
    mutating func look(job: Int, wall: Int64, waiting: Int64) -> (jobHeld: Int64, runHad: Int64) {
        if runWaitAt == nil { runWaitAt = waiting }
        if job != self.job {
            self.job = job
            jobSeenAt = wall
            jobWaitAt = waiting
        }
        let jobHeld = job == 0 ? 0 : (wall - jobSeenAt) - (waiting - jobWaitAt)
        let runHad = wall - (waiting - runWaitAt!)
        return (max(jobHeld, 0), max(runHad, 0))
    }
}
