import CHarnessTime
#if canImport(Glibc)
import Glibc
#endif

/// Whether anything in the process ran: how a `system` run tells a waiter nobody will resume.
///
/// On the real pool the harness sees no queue, so it cannot say "nothing is ready". What it can see (Linux,
/// `/proc/self/task`) is every thread's CPU time and state. If between looks no thread used any CPU and none was
/// runnable (`R`, which covers a thread waiting for a CPU on a loaded machine) or in the disk (`D`), nothing ran
/// and nothing was waiting to run: a scenario still unfinished then waits for something outside the process's
/// work — a timer, another process — or for nothing at all. For a scenario that declares it sets no timers and
/// uses no outside thread (`RunOptions.stillnessLimit`), that stillness is a waiter nobody resumes. Any activity
/// anywhere in the process (a parallel test, a loaded CPU) resets the count, so the stillness can only come late,
/// never falsely: the time limit stays behind it.
struct Stillness: Equatable {
    /// One look at the process: each thread's CPU time, and whether any was runnable or in the disk.
    struct Sample: Equatable {
        /// CPU time used so far, in nanoseconds, by thread id.
        var cpu: [Int32: Int64]
        /// Whether some thread was running, waiting for a CPU, or waiting for the disk.
        var someAwake: Bool
        /// The threads left out because their run only waits for other runs to settle, each with how often that run
        /// had been quiet: one that did work between two looks and went back to waiting has a new count.
        var waiting: [Int32: Int] = [:]
    }

    /// The previous look's sample, and when the stillness began (nil: activity at the last look).
    private var last: Sample? = nil
    private var stillSince: Int64? = nil

    /// One look, at `wall` nanoseconds: returns how long the process has been still (0 if it is not).
    mutating func look(_ sample: Sample, at wall: Int64) -> Int64 {
        defer { last = sample }
        // A thread that came or went, or used any CPU, ran: only an identical picture with nobody awake is still.
        guard let last, last.cpu == sample.cpu, last.waiting == sample.waiting, !sample.someAwake, !last.someAwake else {
            stillSince = nil
            return 0
        }
        let since = stillSince ?? wall
        stillSince = since
        return wall - since
    }

    /// The process now, leaving out `ignoring` (the threads that do the looking) and `waiting` (the threads of runs
    /// that only wait for other runs to settle, with how often each run had been quiet); nil where it cannot be read.
    static func sample(ignoring: Set<Int32>, waiting: [Int32: Int] = [:]) -> Sample? {
        #if os(Linux)
        guard let directory = opendir("/proc/self/task") else { return nil }
        defer { closedir(directory) }
        var sample = Sample(cpu: [:], someAwake: false, waiting: waiting)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let tid = Int32(name), !ignoring.contains(tid), waiting[tid] == nil else { continue }
            // A thread that ended between the listing and the read is left out; the change shows at the next look.
            guard let thread = ThreadTime.sample(thread: tid) else { continue }
            sample.cpu[tid] = thread.cpu
            if !thread.sleeping { sample.someAwake = true }
        }
        return sample
        #else
        return nil
        #endif
    }
}
