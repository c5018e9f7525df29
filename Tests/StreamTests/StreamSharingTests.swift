import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("L40 Q1, cards: one stream, several loops, other threads", scaledTimeLimit(minutes: 1))
struct StreamSharingTests {
    @Test("L40 Q1: two loops over one stream split the values, each exactly once", .needs(.timers), arguments: [1, 2, 10, 100])
    func twoConsumersSplit(count: Int) async {
        let bothGetSome: Condition<StreamTwoConsumers>? = count < 2 ? nil
            : .that("both loops get some of the values") { $0.firstCount > 0 && $0.secondCount > 0 }
        await verify(Claim(
            "an AsyncStream does not broadcast: \(count) values should reach the two loops once each, none twice, "
                + "none lost",
            runs: [.strict, .seeds(100)],
            expect: Expectation(every: .that("every value once") {
                $0.everyValueOnce && $0.firstCount + $0.secondCount == count
            }, some: bothGetSome),
            control: .counterfactual("each loop a stream of its own, fed every value") {
                await streamTwoConsumers(count: count, shape: .streamEach)
            }) {
                await streamTwoConsumers(count: count)
            })
    }

    @Test("L40 card: a stream fed from another thread delivers every value", .needs(.outsideWork))
    func fedFromAnotherThread() async {
        await verify(Claim(
            "the continuation is Sendable: the loop should get [1, 2, 3], fed from a thread of GCD's",
            runs: [.seeds(20)],
            expect: Expectation(every: .equals(FedStream(got: [1, 2, 3], fedOutsideAnyTask: true))),
            control: .counterfactual("the same feed made in the loop's own task") {
                await streamFedFromAnotherThread(.inTheLoopsTask)
            }) {
                await streamFedFromAnotherThread()
            })
    }

    @Test("L40 card: filter, map and prefix on a stream give 30 and 60")
    func filterMapPrefix() async {
        await verify(Claim(
            "multiples of 3, times 10, the first two",
            runs: [.seeds(20)], expect: Expectation(every: .equals([30, 60])),
            control: .counterfactual("no prefix") { await streamFilterMapPrefix(.noPrefix) }) {
                await streamFilterMapPrefix()
            })
    }
}
