import Foundation
import HarnessTesting
import Testing

/// Every suite's time limit is scaled (`scaledTimeLimit`: by the seeds asked for and the machine's load), so that a
/// loaded machine or a wide slice of seeds never runs into it; a fixed one must say, beside it, why it cannot be wrong.
@Suite("Every suite's time limit is scaled, or says why a fixed one cannot be wrong", scaledTimeLimit(minutes: 1))
struct SuiteLimitTests {
    @Test("no test file sets a fixed .timeLimit without a `// fixed limit:` reason on its line")
    func limitsAreScaled() throws {
        let tests = URL(filePath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        let files = try #require(FileManager.default.enumerator(atPath: tests.path), "cannot list \(tests.path)")
            .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        #expect(files.count > 20, "the test sources were not found under \(tests.path)")
        var fixed: [String] = []
        let needle = ".time" + "Limit("  // split, so that this line is not a match
        for file in files {
            let text = try String(contentsOf: tests.appending(path: file), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains(needle) && !line.contains("// fixed limit:") {
                fixed.append("\(file):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(fixed.isEmpty, "fixed time limits (use scaledTimeLimit, or say why with `// fixed limit:`):\n\(fixed.joined(separator: "\n"))")
    }
}
