import Foundation
import ConcurrencyHarnessTesting
import Testing

/// Every suite's time limit is scaled (`scaledTimeLimit`: by the seeds asked for and the machine's load), so that a
/// loaded machine or a wide slice of seeds never runs into it; a fixed one must say, beside it, why it cannot be wrong.
@Suite("Every suite's time limit is scaled, or says why a fixed one cannot be wrong", scaledTimeLimit(minutes: 1))
struct SuiteLimitTests {
    @Test("no test file sets a fixed .timeLimit without a `// fixed limit:` reason on its line")
    func limitsAreScaled() throws {
        // The needle split, so that this line is no match.
        let fixed = try testSourceLines(containing: [".time" + "Limit("], exempt: "// fixed limit:")
        #expect(fixed.isEmpty, "fixed time limits (use scaledTimeLimit, or say why with `// fixed limit:`):\n\(fixed.joined(separator: "\n"))")
    }
}
