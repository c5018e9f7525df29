// The shapes a scenario can be run in: the lesson's, and the counterfactuals the bank's controls name (the wrong
// shape the lesson warns about), under which the check's expectation must fail. One switch per scenario, so that a
// scenario that stopped measuring — returned a constant — gives the same answer under its control, and the quiz
// stops calling it validated.

/// How the bees pour into the jar.
public enum PourShape: String, CaseIterable, Sendable {
    /// `pour()`: read, change, write, no await between (lesson 37, step 6).
    case pour
    /// `pourSlowly()`: read, await 10 ms, write (step 7).
    case slowly
}

/// Which way a polling loop treats cancellation.
public enum PollShape: String, CaseIterable, Sendable {
    /// `try await Task.sleep`: the cancellation ends the loop.
    case stops
    /// `try? await Task.sleep`: the cancellation is swallowed, the loop polls on.
    case swallows
}

/// How three visits are made.
public enum VisitShape: String, CaseIterable, Sendable {
    /// Three `async let`s, awaited together.
    case atOnce
    /// Three awaits, one after the other.
    case oneAfterAnother
}

/// How two calls reach the call log.
public enum CallShape: String, CaseIterable, Sendable {
    /// Two `async let`s: both at once.
    case atOnce
    /// The second after the first returned.
    case oneAfterAnother
}

/// How a stream buffers what nobody has read yet.
public enum BufferShape: String, CaseIterable, Sendable {
    case newest1, oldest1, unbounded

    /// The policy.
    public var buffering: StreamBuffering {
        switch self {
        case .newest1: .newest(1)
        case .oldest1: .oldest(1)
        case .unbounded: .unbounded
        }
    }
}

/// What the continuation's owner does.
public enum ResumeShape: String, CaseIterable, Sendable {
    /// Never resumes it.
    case never
    /// Resumes it once, with an answer.
    case once
}

/// A scenario that measures two things side by side (two countdowns, Task { } and Task.detached), as the lesson
/// has them or swapped.
public enum SwapShape: String, CaseIterable, Sendable {
    /// As the lesson has them.
    case lesson
    /// The two swapped.
    case swapped
}

/// Whether a race cancels its loser.
public enum RaceShape: String, CaseIterable, Sendable {
    /// `group.cancelAll()` after the first answer.
    case cancelsTheRest
    /// No `cancelAll()`: the group waits for the loser.
    case waitsForTheRest
}

/// Whether the timeout is shorter than the slow operation.
public enum TimeoutShape: String, CaseIterable, Sendable {
    /// The slow operation takes 1 s, the limit is 100 ms.
    case limitShorter
    /// The limit is 2 s: nothing times out.
    case limitLonger
}

/// A stream's continuation replaced while a loop reads.
public enum ReplaceShape: String, CaseIterable, Sendable {
    /// `stop()` cancels the first loop.
    case cancelFirst
    /// Nothing ends the first loop.
    case keepFirst
    /// The lesson's fix: `FinishingSource` finishes the old continuation before replacing it.
    case finishOld

    /// The program for this shape.
    @MainActor public func program() async -> [String] {
        switch self {
        case .cancelFirst: await streamReplacedContinuation(cancelFirst: true)
        case .keepFirst: await streamReplacedContinuation(cancelFirst: false)
        case .finishOld: await streamFinishedBeforeReplaced()
        }
    }
}

/// A scenario with one counterfactual: the lesson's shape, or the wrong one the bank's control names (each
/// scenario's documentation says what its wrong shape is).
public enum LessonShape: String, CaseIterable, Sendable {
    /// As the lesson writes it.
    case lesson
    /// The counterfactual.
    case wrong
}

/// Where a swarm's bees fly.
public enum SwarmShape: String, CaseIterable, Sendable {
    /// `@MainActor func bee()`.
    case mainActor
    /// `@concurrent`, on the pool.
    case pool
}

/// Which queue L37 Q10's blocks go to, and how its last block is called.
public enum SerialQueueShape: String, CaseIterable, Sendable {
    /// A private serial queue, and `queue.sync` for the last block (the lesson).
    case lesson
    /// The same blocks on a concurrent queue: more than one runs at a time.
    case concurrent
    /// The last block sent with `async` and waited for, in place of `sync`: it runs on a GCD thread, not the caller's.
    case asyncAndWait
}

/// What guards the jar that many bees pour into at once, on the real pool.
public enum ProtectionShape: String, CaseIterable, Sendable {
    /// An actor: one bee in the jar at a time (lesson 37's answer).
    case actor
    /// The same jar as a plain class: bees on two threads at once, each writing over what the other read.
    case plainClass
}
