import Harness
import HarnessTesting
import Scenarios
import Testing

@Suite("Architecture seed: debounce by cancel-and-reschedule", .timeLimit(.minutes(1)))
struct DebounceTests {
    @Test("Architecture seed: three quick saves are one write, of the last value", arguments: [[1, 2, 3], [7], [4, 4, 9, 1]])
    func savesOnceTheLastValue(values: [Int]) async throws {
        let exploration = try #require(
            await exploreRecordingIssues("written") { await debouncedSaves(values) })
        expectEverySeed(
            exploration,
            "each save should cancel the write still waiting: \(values.count) taps, one write, of \(values.last!)"
        ) { $0 == [values.last!] }
        let strict = try #require(
            await runRecordingIssues(.strict) { await debouncedSaves(values) })
        #expect(strict.value == [values.last!], "under strict")
    }
}
