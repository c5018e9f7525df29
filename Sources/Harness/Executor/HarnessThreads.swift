import CHarnessTime
import Foundation
import Synchronization

/// The threads runs are played on — a run's own thread and its lock workers — kept between runs: making one (a clone,
/// 8 MiB of stack mapped, Foundation's thread object) was a large part of a short run's cost.
///
/// A thread goes back to be handed out again only if the work it ran says its run ended cleanly (not failed, not ended
/// by the watchdog) and then, reset, nothing of the harness's is left on it: its C state clean (`harness_thread_state`,
/// every thread-local the harness sets), its thread dictionary empty, its CPU affinity, signal mask and priority as at
/// its birth. Otherwise it ends. A thread whose work never returns — a job blocked for good, a worker parked in a
/// deadlocked run — is never handed out again either. As shuttle's continuation pool reuses a continuation only if
/// the function it last ran completed.
///
/// `@unchecked Sendable`: `idle` is touched under `lock`; each `Kept`'s fields as said there.
final class HarnessThreads: @unchecked Sendable {
    /// The process's threads for runs.
    static let shared = HarnessThreads()

    /// A thread of the pool: its baton, and what it is to run next.
    ///
    /// `@unchecked Sendable`: `work` and `name` are written by the thread that hands it out, before it posts the baton,
    /// and read by the kept thread after its wait (the baton's atomic orders the two); `tid` only by the thread itself.
    final class Kept: @unchecked Sendable {
        /// What it waits on while idle.
        let baton = harness_baton_make()!
        /// The work to run next, which returns whether its run ended cleanly; nil once taken.
        var work: (() -> Bool)?
        /// The name it runs the work under (`Thread.current.name`, which scenarios may print).
        var name = ""
        /// Its kernel id.
        var tid: Int32 = 0
    }

    /// How many idle threads are kept at most; more end.
    let keepAtMost: Int
    /// Guards `idle`.
    private let lock = OwnLocks.lock()
    /// Threads waiting for work.
    private var idle: [Kept] = []
    /// Threads made, handed out again, and ended (retired) so far.
    private let madeCount = Atomic<Int>(0)
    private let reusedCount = Atomic<Int>(0)
    private let retiredCount = Atomic<Int>(0)
    /// Workers of runs that were over, ended where they were parked (`OneThreadExecutor.endParked`).
    private let parkedEndedCount = Atomic<Int>(0)

    /// A pool keeping at most `keepAtMost` idle threads.
    init(keepAtMost: Int = 8) {
        self.keepAtMost = keepAtMost
    }

    /// Runs `work` on a kept thread, or on a new one, named `name`. `work` returns whether its run ended cleanly:
    /// only then may the thread be kept.
    func start(name: String, _ work: @escaping () -> Bool) {
        lock.lock()
        let kept = idle.popLast()
        lock.unlock()
        if let kept {
            kept.name = name
            kept.work = work
            reusedCount.add(1, ordering: .relaxed)
            harness_baton_post(kept.baton)
            return
        }
        let made = Kept()
        made.name = name
        made.work = work
        madeCount.add(1, ordering: .relaxed)
        let context = Unmanaged.passRetained(KeptStart(pool: self, kept: made)).toOpaque()
        let started = harness_worker_start({ raw in
            let start = Unmanaged<KeptStart>.fromOpaque(raw!).takeRetainedValue()
            start.pool.life(of: start.kept)
        }, context)
        precondition(started == 0, "the harness could not start a thread for a run")
    }

    /// A kept thread's life: runs its work, and goes back to wait for more only if it is clean.
    private func life(of kept: Kept) {
        kept.tid = ThreadTime.currentThreadID()
        harness_thread_birth()
        while true {
            let work = kept.work!
            kept.work = nil
            Thread.current.name = kept.name
            let ended = work()
            guard ended, Self.madeClean() else { break }
            lock.lock()
            let keep = idle.count < keepAtMost
            if keep { idle.append(kept) }
            lock.unlock()
            guard keep else { break }
            harness_baton_wait(kept.baton)
        }
        retiredCount.add(1, ordering: .relaxed)
        free(UnsafeMutableRawPointer(kept.baton))
    }

    /// Resets the calling thread's harness state and empties its thread dictionary; whether it is clean after.
    static func madeClean() -> Bool {
        harness_thread_reset()
        let dictionary = Thread.current.threadDictionary
        dictionary.removeAllObjects()
        return harness_thread_state() == 0 && dictionary.count == 0
    }

    /// Threads made, handed out again, and ended so far; the kernel ids of the idle ones (for tests and the bench).
    var counts: (made: Int, reused: Int, retired: Int) {
        (madeCount.load(ordering: .relaxed), reusedCount.load(ordering: .relaxed), retiredCount.load(ordering: .relaxed))
    }
    /// Parked workers of runs that were over ended so far (`OneThreadExecutor.endParked`).
    var parkedEnded: Int { parkedEndedCount.load(ordering: .relaxed) }
    func noteParkedEnded() { parkedEndedCount.add(1, ordering: .relaxed) }
    var idleThreadIDs: [Int32] {
        lock.lock()
        defer { lock.unlock() }
        return idle.map(\.tid)
    }
}

/// What a new kept thread starts with.
private final class KeptStart {
    let pool: HarnessThreads
    let kept: HarnessThreads.Kept
    init(pool: HarnessThreads, kept: HarnessThreads.Kept) {
        self.pool = pool
        self.kept = kept
    }
}
