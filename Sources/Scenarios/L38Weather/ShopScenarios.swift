import ConcurrencyProofsSubjects

/// What two buyers did in the shop with one bag left: how many bought, and the bags left after.
public struct Sale: Hashable, Sendable, CustomStringConvertible {
    /// Buyers who were sold the bag.
    public let sold: Int
    /// Bags left after both.
    public let bagsLeft: Int

    /// An outcome, as a test expects it.
    public init(sold: Int, bagsLeft: Int) {
        self.sold = sold
        self.bagsLeft = bagsLeft
    }

    /// "sold: 2 - bags left: -1", as the lesson prints it.
    public var description: String { "sold: \(sold) - bags left: \(bagsLeft)" }
}

/// Lesson 38, actors question 14: one bag left, two buyers at once (two `async let`s) in a `Shop` on a serial executor
/// of its own. Both see the bag before either comes back with the price: "sold: 2 - bags left: -1".
/// `.asksThePriceFirst`, the quiz's control: both buyers at once still, each asking the price before the check
/// (`Shop.buyAskingThePriceFirst`), so no await comes between the check and the sale.
@concurrent
public func twoBuyersOneBag(_ shape: ShopShape = .checksBeforeThePrice) async -> Sale {
    let shop = Shop()
    let buy: @Sendable () async -> Bool
    if shape == .asksThePriceFirst {
        buy = { await shop.buyAskingThePriceFirst() }
    } else {
        buy = { await shop.buy() }
    }
    async let a = buy()
    async let b = buy()
    let sold = [await a, await b].filter { $0 }.count
    return Sale(sold: sold, bagsLeft: await shop.bags)
}

/// Where the shop's buy awaits the price.
public enum ShopShape: String, CaseIterable, Sendable, Decodable {
    /// Between the check and the sale (the lesson).
    case checksBeforeThePrice
    /// Before the check, so the check and the sale are one stretch: the control.
    case asksThePriceFirst
}
