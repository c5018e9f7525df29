import ConcurrencyHarness
import Subjects

/// The app's own scenarios, run under the harness.
public enum Scenarios {
    /// One scenario, run under a seeded schedule.
    public static func one() async throws -> String {
        try await run(.seeded(1)) { Subjects.name }.value
    }
}
