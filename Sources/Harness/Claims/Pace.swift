/// How fast a scenario's clock runs: `virtual` under a claim's seeded runs (a sleep costs nothing, so the lesson's
/// seconds may stay seconds), `real` under strict and system (where a scenario wants its times scaled down).
///
///     Claim("a stubborn sibling holds the group for 1 s", …) {
///         await errorWaitsForStubbornSibling(busyFor: Pace.current.pick(virtual: .seconds(1), real: .milliseconds(300)))
///     }
public enum Pace: Sendable, Hashable {
    /// Under seeds: time is virtual, a sleep lasts exactly what it asked, and margins can be wide for free.
    case virtual
    /// Under strict and system: time is real, and a loaded machine stretches it.
    case real

    /// `virtual` under `.seeds(n)`, `real` otherwise.
    init(_ runs: Runs) {
        self = runs.isSeeded ? .virtual : .real
    }

    /// The value for this pace: `pace.pick(virtual: .seconds(5), real: .milliseconds(200))`.
    public func pick<Value>(virtual: Value, real: Value) -> Value {
        self == .virtual ? virtual : real
    }

    /// The pace of the claim's run the calling task is in (its child tasks too: a task-local): `real` outside any.
    /// A `Task.detached` does not inherit it; read it where the scenario starts.
    @TaskLocal public static var current: Pace = .real
}
