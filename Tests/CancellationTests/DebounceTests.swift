import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("Architecture seed: debounce by cancel-and-reschedule", scaledTimeLimit(minutes: 1))
struct DebounceTests {
    @Test("Architecture seed: three quick saves are one write, of the last value", .needs(.timers), arguments: [[1, 2, 3], [7], [4, 4, 9, 1]])
    func savesOnceTheLastValue(values: [Int]) async {
        await verify(Claim(
            "each save should cancel the write still waiting: \(values.count) taps, one write, of \(values.last!)",
            expect: Expectation(every: .equals([values.last!])),
            control: values.count == 1 ? .none(why: "one save is one write, debounced or not")
                : .counterfactual("each save waited out before the next: nothing left to cancel") {
                    var written: [Int] = []
                    for value in values { written += await debouncedSaves([value]) }
                    return written
                }) {
                await debouncedSaves(values)
            })
    }
}
