import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Lesson 38, actors question 14: a serial executor of its own does not stop reentrancy. (The run on the real pool is
/// in `RealPoolTests`, which run one at a time.)
@Suite("L38 Shop: a queue of its own does not stop reentrancy", scaledTimeLimit(minutes: 1))
struct ShopTests {
    @Test("L38 actors Q14: two buyers, one bag → sold: 2 - bags left: -1, strict and every seed", .needs(.timers, .outsideWork))
    func bothBuy() async {
        await verify(Claim(
            "one bag must sell twice: the shop's own serial executor runs one piece at a time, and the await for the "
                + "price lets the second buyer in",
            expect: Expectation(every: .equals(Sale(sold: 2, bagsLeft: -1))),
            control: .counterfactual("the price asked before the check, not between the check and the sale") {
                await twoBuyersOneBag(.asksThePriceFirst)
            }) {
                await twoBuyersOneBag()
            })
    }
}
