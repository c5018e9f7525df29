import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// A library's report lines stay readable whatever a scenario returns: a long value is cut with an ellipsis and a
/// count of what was left out.
@Suite("Report lines are bounded: a long outcome is cut, with a count", scaledTimeLimit(minutes: 1))
struct BoundedReportTests {
    @Test("a short value is shown whole; a 100-element array is cut to its first characters and counted")
    func boundedValues() {
        #expect(abbreviated([1, 2, 3]) == "[1, 2, 3]")
        let long = abbreviated(Array(0..<100))
        #expect(long.count < 170, "\(long)")
        #expect(long.hasPrefix("[0, 1, 2, 3"))
        #expect(long.hasSuffix("… (100 elements, 390 characters in all)"), "\(long)")
    }

    @Test("an exploration whose outcome is a 100-element array describes itself in one short line")
    func explorationLineIsShort() async throws {
        let exploration = try await explore("hundred", seeds: 3) { Array(0..<100) }
        let line = "\(exploration)"
        // 3 seeds, or the share of a HARNESS_SEEDS slice this explorer is sized for.
        #expect(line.count < 220 && line.contains("(100 elements") && line.contains("→ \(exploration.runs.count) seeds"), "\(line)")
    }

    @Test("a claim's miss shows a long outcome bounded, not whole")
    func claimMissIsBounded() async {
        let result = await check(Claim("a hundred numbers sum to zero", runs: [.strict],
                                       expect: Expectation(every: .that("sum is zero") { $0.reduce(0, +) == 0 }),
                                       control: .none(why: "only the report line is checked here")) {
            Array(0..<100)
        })
        let miss = result.counterexamples.first.map { "\($0)" } ?? ""
        #expect(miss.contains("(100 elements") && miss.count < 300, "\(miss)")
    }
}
