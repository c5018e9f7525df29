import Harness
import HarnessTesting
import Scenarios
import Testing

/// Lesson 38, actors question 14: a serial executor of its own does not stop reentrancy. (The run on the real pool is
/// in `RealPoolTests`, which run one at a time.)
@Suite("L38 Shop: a queue of its own does not stop reentrancy", .timeLimit(.minutes(1)))
struct ShopTests {
    /// The shop's code runs on its own thread, outside the harness: the harness waits for it instead of calling the
    /// quiet moment a deadlock.
    static let waitForTheShop = RunOptions { $0.outsideWorkGrace = .seconds(2) }

    @Test("L38 actors Q14: two buyers, one bag → sold: 2 - bags left: -1 (strict)")
    func bothBuyOnStrict() async throws {
        let run = try #require(await runRecordingIssues(.strict, options: Self.waitForTheShop) {
            await twoBuyersOneBag()
        })
        #expect(run.value == Sale(sold: 2, bagsLeft: -1), """
            "\(run.value)", not "sold: 2 - bags left: -1": both buyers should see the bag before either comes \
            back with the price — an await ends a piece even on an actor with its own serial executor
            """)
    }

    @Test("L38 actors Q14: two buyers, one bag → sold: 2 - bags left: -1, for every seed")
    func bothBuyForEverySeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("sale", options: Self.waitForTheShop) {
            await twoBuyersOneBag()
        })
        expectEverySeed(exploration, """
            one bag must sell twice: the shop's own serial executor runs one piece at a time, and the await for the \
            price lets the second buyer in
            """) { $0 == Sale(sold: 2, bagsLeft: -1) }
    }
}
