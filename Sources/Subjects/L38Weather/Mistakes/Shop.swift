/// One bag left, and an await between the check and the sale — on an actor with a serial executor of its own
/// (lesson 38, actors question 14). The executor runs one piece at a time, as every actor does, and an await still ends
/// a piece and lets the next call in: two buyers both see the bag, and both buy it. A queue does not stop reentrancy.
public actor Shop {
    /// The thread this actor's code runs on.
    private let executor = ThreadExecutor(name: "trips.shop")

    /// The bags for sale. It starts at one, and the lesson's two buyers leave it at -1.
    public private(set) var bags = 1

    /// A shop with one bag left.
    public init() {}

    /// What runs this actor's code: its own thread (the lesson's `DispatchSerialQueue(label: "trips.shop")`).
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Checks, waits for a price, then sells.
    public func buy() async -> Bool {
        guard bags > 0 else {
            return false
        }
        try? await Task.sleep(for: .milliseconds(10))      // asks for the price
        bags -= 1
        return true
    }

    /// The cure, for comparison: asks for the price first, then checks and sells in one stretch, with no await
    /// between the check and the sale. Two buyers at once: one bag sold, none left.
    public func buyAskingThePriceFirst() async -> Bool {
        try? await Task.sleep(for: .milliseconds(10))      // asks for the price
        guard bags > 0 else {
            return false
        }
        bags -= 1
        return true
    }
}
