import Foundation
import Synchronization

/// What a program gave over runs on the real runtime: plain tasks on the global pool, the real main actor, real time.
public struct RuntimeTally: Sendable {
    /// The program.
    public let program: Program
    /// Each outcome seen, with how many runs gave it.
    public var outcomes: [String: Int] = [:]
    /// Runs that gave no outcome within the limit (at most one: a program that hangs is not run again).
    public var hung = 0
    /// For a program that may deadlock, the first deadlock's lock cycle, in words (nil: none seen).
    public var deadlock: String?
    /// The runs made, hung ones included.
    public var runs: Int { outcomes.values.reduce(0, +) + hung }

    /// The outcomes seen that the program's set does not allow: the set is wrong.
    public var disallowed: [String: Int] { outcomes.filter { !program.allows($0.key) } }

    /// Nothing counted yet for `program`.
    public init(program: Program) { self.program = program }

    /// Counts `run`.
    public mutating func count(_ run: RuntimeRun) {
        outcomes[run.outcome, default: 0] += 1
        if deadlock == nil { deadlock = run.cycle }
    }

    /// Whether every run gave an outcome the set allows.
    public var agrees: Bool { hung == 0 && disallowed.isEmpty }
}

extension Program {
    /// Runs the program once on the real runtime, in a detached task; nil if it gave no outcome within `limit` of
    /// real time (the task is left behind: nothing can stop a task that ignores cancellation).
    public func runOnRuntime(limit: Duration) async -> String? {
        let body = self.body
        return await withCheckedContinuation { (continuation: CheckedContinuation<String?, Never>) in
            let answer = FirstAnswer(continuation)
            let task = Task.detached { answer.give(await body()) }
            // Not the Swift pool's jobs, but on Linux the same threads drain this queue (and the main queue, where
            // this continuation goes on): a program that blocks every thread of the pool is never timed out here.
            // One that may deadlock is run by `runWatched`, in a process of its own.
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(limit / .nanoseconds(1)))) {
                task.cancel()
                answer.give(nil)
            }
        }
    }

    /// Runs the program `times` times on the real runtime, one run after another, each within `limit`; a run that
    /// hangs ends the tally. Not for a program that may deadlock (`mayDeadlock`): its runs are made by `runWatched`,
    /// in a process of their own (`corpus --trials`).
    public func runOnRuntime(times: Int, limit: Duration) async -> RuntimeTally {
        var tally = RuntimeTally(program: self)
        for _ in 0..<times {
            guard let outcome = await runOnRuntime(limit: limit) else {
                tally.hung += 1
                break
            }
            tally.outcomes[outcome, default: 0] += 1
        }
        return tally
    }
}

extension Program {
    /// Runs the program once on the real runtime, in a detached task, and waits for it on the calling thread, which
    /// must not be one of the pool's: a run that deadlocks holds threads of the pool for good, and on Linux the main
    /// queue and `DispatchQueue.global()` are drained by those same threads, so nothing that waits on them could ever
    /// say so. Every 10 ms while the run lasts, looks for a lock cycle among the process's threads (`LockCycle`): one
    /// found is the outcome `Program.deadlock`, with the cycle in words (real time only delays that answer; the cycle
    /// decides it). Nil if the run gave no outcome within `limit` of real time.
    public func runWatched(limit: Duration) -> RuntimeRun? {
        let body = self.body
        let outcome = Locked<String?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            let value = await body()
            outcome.withLock { $0 = value }
            done.signal()
        }
        let start = ContinuousClock.now
        while done.wait(timeout: .now() + .milliseconds(10)) == .timedOut {
            if let cycle = LockCycle.find() { return RuntimeRun(outcome: Program.deadlock, cycle: cycle) }
            if start.duration(to: .now) >= limit { return nil }
        }
        return outcome.value.map { RuntimeRun(outcome: $0) }
    }
}

/// One run of a program on the real runtime (`Program.runWatched`).
public struct RuntimeRun: Codable, Sendable {
    /// What it gave: the program's outcome, or `Program.deadlock`.
    public var outcome: String
    /// For a deadlock, the lock cycle that proved it, in words (`LockCycle.find`).
    public var cycle: String?

    /// A run that gave `outcome`.
    public init(outcome: String, cycle: String? = nil) {
        self.outcome = outcome
        self.cycle = cycle
    }
}

/// A continuation resumed by whichever answer comes first: the program's outcome, or nil at its time limit.
final class FirstAnswer: Sendable {
    /// The continuation, until an answer takes it.
    private let continuation: Mutex<CheckedContinuation<String?, Never>?>

    /// Waits for the first answer for `continuation`.
    init(_ continuation: CheckedContinuation<String?, Never>) { self.continuation = Mutex(continuation) }

    /// Resumes with `answer`, if it is the first.
    func give(_ answer: String?) {
        let continuation = self.continuation.withLock { kept in
            defer { kept = nil }
            return kept
        }
        continuation?.resume(returning: answer)
    }
}
