import Foundation
import Synchronization

/// Lesson 40 question 5's old API, with its known bug: it calls its completion handler twice.
func continuationOldAPICallingTwice(_ done: @escaping @Sendable (String) -> Void) {
    done("first")
    done("second")
}

/// Lesson 40 question 5: the buggy old API wrapped with `withCheckedContinuation`. The second resume stops the
/// process: "SWIFT TASK CONTINUATION MISUSE: … tried to resume its continuation more than once, returning second!".
/// Never returns; run it only where the process may die (an exit test).
nonisolated(nonsending) public func continuationResumedTwice() async -> String {
    await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        continuationOldAPICallingTwice { value in continuation.resume(returning: value) }
    }
}

/// The control of `continuationResumedTwice()`, the lesson's fix: the same old API, its second call stopped by a
/// flag, so the continuation is resumed once. Returns "first".
nonisolated(nonsending) public func continuationResumedOnceGuarded() async -> String {
    await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        let resumed = Mutex(false)
        continuationOldAPICallingTwice { value in
            guard resumed.withLock({ done in defer { done = true }; return !done }) else { return }
            continuation.resume(returning: value)
        }
    }
}

/// The control of a continuation never resumed: the closure resumes it, once — the task goes on, and nothing is
/// logged. Returns "resumed".
nonisolated(nonsending) public func continuationResumedOnce() async -> String {
    await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        continuation.resume(returning: "resumed")
    }
}

/// Lesson 40 question 7: a `withCheckedContinuation` closure that forgets to resume. The awaiting task waits for ever,
/// and when the closure lets go of the continuation the runtime writes "SWIFT TASK CONTINUATION MISUSE: … leaked its
/// continuation without resuming it." Never returns: run it only where a deadlock is detected.
nonisolated(nonsending) public func continuationNeverResumed() async -> String {
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in
        // forgot to resume
    }
    return "never reached"
}

/// A continuation resumed from a thread of its own (a `Thread`, as an old API's callback might be): the awaiting
/// task carries on with the answer. Returns the answer, "Seattle".
nonisolated(nonsending) public func continuationResumedFromAnotherThread() async -> String {
    await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        let callback = Thread {
            continuation.resume(returning: "Seattle")
        }
        callback.start()
    }
}

/// The quiz's control for `continuationResumedFromAnotherThread()`: the same callback on a thread of its own, read
/// without a continuation — the function returns what it has before the callback answers: "no answer yet". The
/// callback's thread waits for the read, so the result is the same every run.
public func callbackReadWithoutWaiting() -> String {
    let answers = EventLog()
    let read = DispatchSemaphore(value: 0)
    let callback = Thread {
        read.wait()
        answers.record("Seattle")
    }
    callback.start()
    let now = answers.entries.first ?? "no answer yet"
    read.signal()
    return now
}

/// The error `resume(with:)` forwards in `continuationResumed(with:)`.
public struct Lost: Error, Hashable, CustomStringConvertible {
    /// A city that could not be found.
    public init() {}
    /// As the lesson prints it.
    public var description: String { "Lost()" }
}

/// The question-and-answer seed's `resume(with: result)`: an old API answers with a `Result`, and one call forwards
/// it — a success becomes the value, a failure the thrown error. Returns the value, or the error's description.
/// `.returningOnly`, the quiz's control: the answer handed on with `resume(returning:)`, which cannot carry an
/// error — a failure comes back as the value "no answer".
nonisolated(nonsending) public func continuationResumed(with result: Result<String, Lost>,
                                                        shape: ResumeWithShape = .resumeWith) async -> String {
    let returningOnly = shape == .returningOnly
    do {
        return try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<String, any Error>) in
            if returningOnly {
                continuation.resume(returning: (try? result.get()) ?? "no answer")
            } else {
                continuation.resume(with: result.mapError { $0 as any Error })
            }
        }
    } catch {
        return "threw \(error)"
    }
}

/// How the old API's `Result` is handed on.
public enum ResumeWithShape: String, CaseIterable, Sendable, Decodable {
    /// `resume(with:)`: a failure becomes the thrown error (the seed).
    case resumeWith
    /// `resume(returning:)`, the control: it cannot carry an error.
    case returningOnly
}

/// L40 Q7, the Q&A seed: a task awaits a checked continuation that its closure forgets to resume. When the closure
/// lets go of the continuation the runtime logs that it leaked; the task waits on. After a moment the process ends
/// normally, with the task still waiting.
@concurrent public func leakAContinuation() async {
    let waiter = Task { await continuationNeverResumed() }
    try? await Task.sleep(for: .milliseconds(200))
    print("a moment later, still waiting")
    _ = waiter
}

/// What the continuation's owner does.
public enum ResumeShape: String, CaseIterable, Sendable, Decodable {
    /// Never resumes it.
    case never
    /// Resumes it once, with an answer.
    case once
}

/// Lesson 40's card "wrap a callback that answers on another thread": the answer, read in `shape`.
nonisolated(nonsending) public func wrappedCallback(_ shape: WrapShape = .continuation) async -> String {
    switch shape {
    case .continuation: await continuationResumedFromAnotherThread()
    case .readWithoutWaiting: callbackReadWithoutWaiting()
    }
}

/// How a callback that answers on another thread is read.
public enum WrapShape: String, CaseIterable, Sendable, Decodable {
    /// Through a continuation the callback resumes: "Seattle" (the lesson).
    case continuation
    /// Without one, the control: "no answer yet".
    case readWithoutWaiting
}
