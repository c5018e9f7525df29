@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// How a `Task.sleep(for:)` deadline becomes a virtual duration: the window `low...high` the real
/// duration lies in, and the round value the harness takes from it (see `OneThreadExecutor.delay`).
@Suite("Virtual sleeps: a deadline becomes its round duration", scaledTimeLimit(minutes: 1))
struct DelayRoundingTests {
    @Test("a window a few microseconds wide gives the round duration", arguments: [
        (low: Int64(9_999_970), high: Int64(10_000_020), expected: Int64(10_000_000)),
        (low: 999_998_000, high: 1_000_001_000, expected: 1_000_000_000),
        (low: 1_499_980, high: 1_500_030, expected: 1_500_000),
        (low: -5, high: 3, expected: 0),
    ])
    func narrowWindow(low: Int64, high: Int64, expected: Int64) {
        #expect(OneThreadExecutor.delay(low: low, high: high) == expected,
                "the sleep's window \(low)...\(high) ns should give \(expected) ns")
    }

    @Test("a window stretched by a stalled thread still gives 10 ms for a 10 ms sleep, not 100 ms", arguments: [
        Int64(110_000_000), 1_500_000_000,
    ])
    func stretchedWindow(high: Int64) {
        #expect(OneThreadExecutor.delay(low: 9_990_000, high: high) == 10_000_000,
                "a loaded machine widens the window upwards; the duration is still the round value just above low")
    }
}
