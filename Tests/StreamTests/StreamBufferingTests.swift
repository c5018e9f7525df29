import Harness
import HarnessTesting
import Scenarios
import Testing

/// The three buffering policies as properties: random values and capacities, drawn from each seed, yielded while
/// nobody loops; then a loop reads what was kept.
@Suite("L40 cards: buffering policies, as properties over random inputs", scaledTimeLimit(minutes: 1))
struct StreamBufferingTests {
    /// The seeds that draw the inputs (each is a test case, so a failure names its seed).
    static let seeds = Array(UInt64(0)..<40)

    @Test("L40 card: .unbounded keeps every value and reports Int.max remaining", arguments: seeds)
    func unboundedKeepsAll(seed: UInt64) async throws {
        var inputs = StreamInputGenerator(seed: seed)
        let values = inputs.values()
        let run = try #require(await runRecordingIssues(.seeded(seed)) { await streamBuffering(.unbounded, values: values) })
        #expect(run.value.read == values, "the default buffer should keep all \(values.count) values")
        #expect(
            run.value.yields == Array(repeating: .enqueued(remaining: Int.max), count: values.count),
            "\"the buffer limit is Int.max\": every yield should report Int.max remaining")
    }

    @Test("L40 card: .bufferingNewest(c) keeps the last c and reports each evicted oldest as dropped", arguments: seeds)
    func newestKeepsTheLast(seed: UInt64) async throws {
        var inputs = StreamInputGenerator(seed: seed)
        let values = inputs.values(), capacity = inputs.capacity()
        let run = try #require(
            await runRecordingIssues(.seeded(seed)) { await streamBuffering(.newest(capacity), values: values) })
        #expect(run.value.read == Array(values.suffix(capacity)), "only the newest \(capacity) should be read")
        let expected: [StreamYield] = values.indices.map { index in
            index < capacity ? .enqueued(remaining: capacity - index - 1) : .dropped(values[index - capacity])
        }
        #expect(
            run.value.yields == expected,
            "when full, .bufferingNewest discards the oldest in the buffer and hands it back as dropped")
    }

    @Test("L40 card: .bufferingOldest(c) keeps the first c and drops each newcomer", arguments: seeds)
    func oldestKeepsTheFirst(seed: UInt64) async throws {
        var inputs = StreamInputGenerator(seed: seed)
        let values = inputs.values(), capacity = inputs.capacity()
        let run = try #require(
            await runRecordingIssues(.seeded(seed)) { await streamBuffering(.oldest(capacity), values: values) })
        #expect(run.value.read == Array(values.prefix(capacity)), "only the oldest \(capacity) should be read")
        let expected: [StreamYield] = values.indices.map { index in
            index < capacity ? .enqueued(remaining: capacity - index - 1) : .dropped(values[index])
        }
        #expect(
            run.value.yields == expected, "when full, .bufferingOldest refuses the newcomer and hands it back as dropped")
    }

    @Test("L40 card: .bufferingOldest(1) with Seattle then Vancouver: enqueued(remaining: 0), then dropped(Vancouver)")
    func oldestOneLessonExample() async throws {
        let run = try #require(
            await runRecordingIssues(.strict) { await streamBuffering(.oldest(1), values: [1, 2]) })
        #expect(run.value.yields == [.enqueued(remaining: 0), .dropped(2)], "the lesson's two yields, as numbers")
    }

    @Test("L40 card: .bufferingNewest(1) with 1 through 5 keeps [5]")
    func newestOneLessonExample() async throws {
        let run = try #require(
            await runRecordingIssues(.strict) { await streamBuffering(.newest(1), values: [1, 2, 3, 4, 5]) })
        #expect(run.value.read == [5], "\"the newest value only\"")
    }
}
