import Subjects

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
/// `.oneAfterAnother`, the quiz's control: the second buyer comes in after the first has left.
@concurrent
public func twoBuyersOneBag(_ shape: AtOnceShape = .atOnce) async -> Sale {
    let oneAfterAnother = shape == .oneAfterAnother
    let shop = Shop()
    if oneAfterAnother {
        let first = await shop.buy(), second = await shop.buy()
        return Sale(sold: [first, second].filter { $0 }.count, bagsLeft: await shop.bags)
    }
    async let a = shop.buy()
    async let b = shop.buy()
    let sold = [await a, await b].filter { $0 }.count
    return Sale(sold: sold, bagsLeft: await shop.bags)
}
