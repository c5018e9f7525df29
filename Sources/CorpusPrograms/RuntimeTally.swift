import Dispatch
import Synchronization

/// What a program gave over runs on the real runtime: plain tasks on the global pool, the real main actor, real time.
public struct RuntimeTally: Sendable {
    /// The program.
    public let program: Program
    /// Each outcome seen, with how many runs gave it.
    public var outcomes: [String: Int] = [:]
    /// Runs that gave no outcome within the limit (at most one: a program that hangs is not run again).
    public var hung = 0
    /// The runs made, hung ones included.
    public var runs: Int { outcomes.values.reduce(0, +) + hung }

    /// The outcomes seen that the program's set does not allow: the set is wrong.
    public var disallowed: [String: Int] { outcomes.filter { !program.allows($0.key) } }

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
            // A queue of Dispatch's own, not the Swift pool: the pool may be what the program blocked.
            DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(Int(limit / .nanoseconds(1)))) {
                task.cancel()
                answer.give(nil)
            }
        }
    }

    /// Runs the program `times` times on the real runtime, one run after another, each within `limit`; a run that
    /// hangs ends the tally.
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
