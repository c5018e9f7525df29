// The shapes several scenarios share: the lesson's, and the counterfactual the bank's controls name, under which
// the check's expectation must fail. A scenario's own shapes (`PourShape`, `CacheShape`, …) sit beside it, in its
// file: one switch per scenario, so that a scenario that stopped measuring — returned a constant — gives the same
// answer under its control, and the quiz stops calling it validated.

/// A scenario that measures two things side by side (two countdowns, Task { } and Task.detached), as the lesson
/// has them or swapped.
public enum SwapShape: String, CaseIterable, Sendable, Decodable {
    /// As the lesson has them.
    case lesson
    /// The two swapped.
    case swapped
}

/// Whether several pieces of work go at once or one after another: visits, calls into an actor, buyers, sleepers.
public enum AtOnceShape: String, CaseIterable, Sendable, Decodable {
    /// At once: `async let`s or a task group (the lessons, usually).
    case atOnce
    /// Each awaited before the next starts.
    case oneAfterAnother
}
