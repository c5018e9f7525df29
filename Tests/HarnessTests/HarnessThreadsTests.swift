import CHarnessTime
import Dispatch
import Foundation
import Synchronization
@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// What a thread kept between runs carries from one to the next: nothing of the harness's, nothing a run's code left on
/// it; and a thread whose run did not end cleanly, or whose code changed what cannot be put back, is not kept at all.
@Suite("Threads kept between runs start each run clean", scaledTimeLimit(minutes: 1))
struct HarnessThreadsTests {
    @Test("a kept thread runs the next work clean: its thread-locals reset, its dictionary empty, named afresh")
    func keptThreadIsClean() throws {
        let pool = HarnessThreads(keepAtMost: 1)
        let first = Mutex<Int32>(0), second = Mutex<(tid: Int32, state: UInt32, keys: Int, name: String)?>(nil)
        let done = DispatchSemaphore(value: 0)
        pool.start(name: "harness first") {
            // What a run's code or the harness could leave behind.
            first.withLock { $0 = ThreadTime.currentThreadID() }
            Thread.current.threadDictionary["left"] = 1
            harness_main_actor_job(1)
            harness_clock_reads_begin(7)
            done.signal()
            return true
        }
        done.wait()
        try waitUntil("the thread is kept") { pool.idleThreadIDs == [first.withLock { $0 }] }
        pool.start(name: "harness second") {
            second.withLock {
                $0 = (ThreadTime.currentThreadID(), harness_thread_state(), Thread.current.threadDictionary.count,
                      Thread.current.name ?? "")
            }
            done.signal()
            return true
        }
        done.wait()
        let seen = try #require(second.withLock { $0 })
        #expect(seen.tid == first.withLock { $0 }, "the same thread, kept")
        #expect(seen.state == 0 && seen.keys == 0, "left from the first work: state \(seen.state), \(seen.keys) keys")
        #expect(seen.name == "harness second")
        #expect(pool.counts.made == 1 && pool.counts.reused == 1)
    }

    @Test("a thread whose work did not end cleanly is not kept, nor one whose CPU affinity it changed")
    func uncleanThreadsEnd() throws {
        let pool = HarnessThreads(keepAtMost: 4)
        let done = DispatchSemaphore(value: 0)
        pool.start(name: "harness failed") {
            done.signal()
            return false  // a run that failed, or that the watchdog ended
        }
        done.wait()
        try waitUntil("the failed run's thread ends") { pool.counts.retired == 1 }
        #expect(pool.idleThreadIDs.isEmpty)
        #if os(Linux)
        let cpus = ProcessInfo.processInfo.activeProcessorCount
        if cpus > 1 {
            pool.start(name: "harness pinned") {
                _ = harness_pin_to_current_cpu(-1)
                done.signal()
                return true
            }
            done.wait()
            try waitUntil("the pinned thread ends") { pool.counts.retired == 2 }
            #expect(pool.idleThreadIDs.isEmpty, "a thread pinned to one CPU is not handed to another run")
        }
        #endif
    }

    @Test("a run the watchdog ended leaves its thread out of the pool: it ends once its job returns")
    func watchdogEndedRunIsNotKept() async throws {
        let tid = Mutex<Int32>(0)
        let release = DispatchSemaphore(value: 0)
        var options = RunOptions()
        options.blockedThreadLimit = .milliseconds(300)
        do {
            _ = try await ConcurrencyHarness.run(.strict, options: options) {
                tid.withLock { $0 = ThreadTime.currentThreadID() }
                _ = blockThread(on: release, seconds: 30)
                return 0
            }
            Issue.record("a job blocked past the limit was not failed")
        } catch {
            #expect(error.kind == .blockedThread)
        }
        release.signal()
        let thread = tid.withLock { $0 }
        #if os(Linux)
        try waitUntil("the run's thread ends") { !FileManager.default.fileExists(atPath: "/proc/self/task/\(thread)") }
        #endif
        #expect(!HarnessThreads.shared.idleThreadIDs.contains(thread))
    }
}

/// The threads a deadlocked seeded run parks — each of its lock-order inversion's two tasks asleep on its worker's
/// baton, waiting for a lock the other holds — end once the run is over, instead of staying parked for the process's life.
@Suite("A deadlocked run's parked workers end", .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct ParkedWorkerTests {
    @Test("forty seeds of a lock-order inversion: the threads of every deadlocked run's waiting tasks end")
    func deadlockedRunsLeaveNoThreads() async throws {
        #if os(Linux)
        let tasksBefore = Self.threadCount()
        var left: [Int32] = [], deadlocks = 0
        for seed in UInt64(0)..<40 {
            // The kernel id of the thread each task waits on: the job that takes both locks never leaves it.
            let threads = ThreadIDs()
            do {
                _ = try await ConcurrencyHarness.run(.seeded(seed)) {
                    let first = NSLock(), second = NSLock()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            threads.note()
                            first.withLock { second.withLock {} }
                        }
                        group.addTask {
                            threads.note()
                            second.withLock { first.withLock {} }
                        }
                    }
                }
            } catch {
                #expect(error.kind == .deadlock, "\(error)")
                deadlocks += 1
                left += threads.ids.withLock { $0 }
            }
        }
        #expect(deadlocks >= 5, "the inversion deadlocked on \(deadlocks) of 40 seeds")
        try waitUntil("the deadlocked runs' waiting threads end") {
            left.allSatisfy { !FileManager.default.fileExists(atPath: "/proc/self/task/\($0)") }
        }
        let still = left.filter { FileManager.default.fileExists(atPath: "/proc/self/task/\($0)") }
        #expect(still.isEmpty, "\(still.count) of the \(left.count) threads of \(deadlocks) deadlocked runs are still there")
        // Other suites run beside this one: the process's count is shown, not asserted.
        print("[threads] \(deadlocks) deadlocked runs: \(left.count - still.count) of \(left.count) waiting threads ended; " +
              "process \(tasksBefore) threads before, \(Self.threadCount()) after; \(HarnessThreads.shared.parkedEnded) " +
              "parked workers ended in this process")
        #endif
    }

    @Test("a Mutex held by a parked worker whose thread ended: a later lock of it waits, as it did, and ends nothing")
    func mutexOfAnEndedWorkerWaits() async {
        #if os(Linux) && arch(x86_64)
        await #expect(processExitsWith: .success) {
            // A seed whose inversion deadlocks while the task that took `first` also holds the Mutex.
            let shared = SharedMutex()
            for seed in UInt64(0)..<40 where !shared.holdsAfterRun.load(ordering: .relaxed) {
                do {
                    _ = try await ConcurrencyHarness.run(.seeded(seed)) {
                        let first = NSLock(), second = NSLock()
                        await withTaskGroup(of: Void.self) { group in
                            group.addTask { shared.inside { first.withLock { second.withLock {} } } }
                            group.addTask { second.withLock { first.withLock {} } }
                        }
                    }
                } catch {
                    shared.holdsAfterRun.store(shared.held.load(ordering: .relaxed), ordering: .relaxed)
                }
            }
            guard shared.holdsAfterRun.load(ordering: .relaxed) else { _exit(2) }
            // Its holder's thread is gone first: one already asleep in the kernel when it ends is handed the Mutex.
            let holder = shared.holder.load(ordering: .relaxed)
            var gone = false
            for _ in 0..<30_000 where !gone {
                gone = !FileManager.default.fileExists(atPath: "/proc/self/task/\(holder)")
                if !gone { usleep(1_000) }
            }
            guard gone else { _exit(3) }
            // Another thread wants it: before the worker ended, it slept in the kernel for ever; the kernel now
            // answers "no such owner", on which the library ends the process. It must sleep instead (`pause`, 34).
            let locker = Atomic<Int32>(0)
            Thread.detachNewThread {
                locker.store(ThreadTime.currentThreadID(), ordering: .relaxed)
                shared.inside {}
            }
            for _ in 0..<30_000 {
                let tid = locker.load(ordering: .relaxed)
                if tid != 0, let call = try? String(contentsOfFile: "/proc/self/task/\(tid)/syscall", encoding: .utf8),
                   call.hasPrefix("34 ") {
                    _exit(0)
                }
                usleep(1_000)
            }
            _exit(1)
        }
        #endif
    }

    /// A `Mutex` shared by runs, and whether a task is inside it.
    final class SharedMutex: Sendable {
        let mutex = Mutex<Int>(0)
        let held = Atomic<Bool>(false)
        let holdsAfterRun = Atomic<Bool>(false)
        let holder = Atomic<Int32>(0)
        func inside(_ body: () -> Void) {
            mutex.withLock { _ in
                held.store(true, ordering: .relaxed)
                holder.store(ThreadTime.currentThreadID(), ordering: .relaxed)
                body()
                held.store(false, ordering: .relaxed)
            }
        }
    }

    /// Kernel ids of the threads tasks ran on.
    final class ThreadIDs: Sendable {
        let ids = Mutex<[Int32]>([])
        func note() { ids.withLock { $0.append(ThreadTime.currentThreadID()) } }
    }

    /// The process's threads now (`/proc/self/task`).
    static func threadCount() -> Int {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
    }
}

/// Waits until `condition` holds, for at most 5 s of spare time (real time in which the machine had a CPU to spare:
/// a thread that ends, or a pool that lets one go, needs a CPU for it, so a loaded machine only makes the wait longer).
private func waitUntil(_ what: String, _ condition: () -> Bool) throws {
    var spare = SpareTime.starting()
    while spare.lookNow() < 5_000_000_000 {
        if condition() { return }
        usleep(1_000)
    }
    Issue.record("\(what): not within 5 s of time in which the machine had a CPU to spare")
}
