// The two shapes several scenarios share: the lesson's, and one counterfactual the bank's controls name, under which
// the check's expectation must fail. A scenario's own shapes (`PourShape`, `CacheShape`, …) sit beside it, in its
// file: one switch per scenario, so that a scenario that stopped measuring — returned a constant — gives the same
// answer under its control, and the quiz stops calling it validated.

/// A scenario that measures two things side by side (two countdowns, Task { } and Task.detached), as the lesson
/// has them or swapped.
public enum SwapShape: String, CaseIterable, Sendable {
    /// As the lesson has them.
    case lesson
    /// The two swapped.
    case swapped
}

/// A scenario with one counterfactual: the lesson's shape, or the wrong one the bank's control names (each
/// scenario's documentation says what its wrong shape is).
public enum LessonShape: String, CaseIterable, Sendable {
    /// As the lesson writes it.
    case lesson
    /// The counterfactual.
    case wrong
}
