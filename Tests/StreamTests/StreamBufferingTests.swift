import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// The three buffering policies as properties: random values and capacities, drawn from each seed, yielded while
/// nobody loops; then a loop reads what was kept. One task, so one strict run shows it; each control is a buffer one
/// value too small.
@Suite("L40 cards: buffering policies, as properties over random inputs", scaledTimeLimit(minutes: 1))
struct StreamBufferingTests {
    /// The seeds that draw the inputs (each is a test case, so a failure names its seed).
    static let seeds = Array(UInt64(0)..<40)

    @Test("L40 card: .unbounded keeps every value and reports Int.max remaining", arguments: seeds)
    func unboundedKeepsAll(seed: UInt64) async {
        var inputs = StreamInputGenerator(seed: seed)
        let values = inputs.values()
        let kept = StreamBufferingRun(yields: Array(repeating: .enqueued(remaining: Int.max), count: values.count), read: values)
        await verify(Claim(
            "the default buffer should keep all \(values.count) values, and every yield report Int.max remaining (\"the "
                + "buffer limit is Int.max\")", runs: [.strict], expect: Expectation(every: .equals(kept)),
            control: values.isEmpty ? .none(why: "no values: every policy keeps all of none")
                : .counterfactual("a buffer one value too small") { await streamBuffering(.newest(values.count - 1), values: values) }) {
                await streamBuffering(.unbounded, values: values)
            })
    }

    @Test("L40 card: .bufferingNewest(c) keeps the last c and reports each evicted oldest as dropped", arguments: seeds)
    func newestKeepsTheLast(seed: UInt64) async {
        var inputs = StreamInputGenerator(seed: seed)
        let values = inputs.values(), capacity = inputs.capacity()
        let yields: [StreamYield] = values.indices.map { index in
            index < capacity ? .enqueued(remaining: capacity - index - 1) : .dropped(values[index - capacity])
        }
        await verify(Claim(
            "only the newest \(capacity) should be read: when full, .bufferingNewest discards the oldest in the buffer and "
                + "hands it back as dropped", runs: [.strict],
            expect: Expectation(every: .equals(StreamBufferingRun(yields: yields, read: Array(values.suffix(capacity))))),
            control: values.isEmpty ? .none(why: "no values: every policy keeps all of none")
                : .counterfactual("a capacity of one less") { await streamBuffering(.newest(capacity - 1), values: values) }) {
                await streamBuffering(.newest(capacity), values: values)
            })
    }

    @Test("L40 card: .bufferingOldest(c) keeps the first c and drops each newcomer", arguments: seeds)
    func oldestKeepsTheFirst(seed: UInt64) async {
        var inputs = StreamInputGenerator(seed: seed)
        let values = inputs.values(), capacity = inputs.capacity()
        let yields: [StreamYield] = values.indices.map { index in
            index < capacity ? .enqueued(remaining: capacity - index - 1) : .dropped(values[index])
        }
        await verify(Claim(
            "only the oldest \(capacity) should be read: when full, .bufferingOldest refuses the newcomer and hands it back "
                + "as dropped", runs: [.strict],
            expect: Expectation(every: .equals(StreamBufferingRun(yields: yields, read: Array(values.prefix(capacity))))),
            control: values.isEmpty ? .none(why: "no values: every policy keeps all of none")
                : .counterfactual("a capacity of one less") { await streamBuffering(.oldest(capacity - 1), values: values) }) {
                await streamBuffering(.oldest(capacity), values: values)
            })
    }

    @Test("L40 card: .bufferingOldest(1) with Seattle then Vancouver: enqueued(remaining: 0), then dropped(Vancouver)")
    func oldestOneLessonExample() async {
        await verify(Claim(
            "the lesson's two yields, as numbers: enqueued(remaining: 0), then dropped(2)", runs: [.strict],
            expect: Expectation(every: .that("enqueued(remaining: 0), dropped(2)") {
                $0.yields == [.enqueued(remaining: 0), .dropped(2)]
            }),
            control: .counterfactual(".bufferingNewest(1)") { await streamBuffering(.newest(1), values: [1, 2]) }) {
                await streamBuffering(.oldest(1), values: [1, 2])
            })
    }

    @Test("L40 card: .bufferingNewest(1) with 1 through 5 keeps [5]")
    func newestOneLessonExample() async {
        await verify(Claim(
            "\"the newest value only\": 1 through 5 into .bufferingNewest(1) leave [5]", runs: [.strict],
            expect: Expectation(every: .that("reads [5]") { $0.read == [5] }),
            control: .counterfactual(".bufferingOldest(1)") { await streamBuffering(.oldest(1), values: [1, 2, 3, 4, 5]) }) {
                await streamBuffering(.newest(1), values: [1, 2, 3, 4, 5])
            })
    }
}
