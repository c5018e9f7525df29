import ConcurrencyHarness
import Testing

extension Trait where Self == ConditionTrait {
    /// Runs the test only where the harness has every one of `capabilities`; elsewhere it is skipped, and the skip
    /// says which is missing and why (`Capability.missing`), never silently.
    ///
    /// ```swift
    /// @Test(.needs(.virtualClock, .timers)) func debounceFiresOnce() async { … }
    /// ```
    public static func needs(_ capabilities: Capability...) -> Self {
        let missing = capabilities.filter { !$0.isAvailable }
        return .enabled(if: missing.isEmpty, Comment(rawValue: missing.map(\.missing).joined(separator: "; ")))
    }
}
