// Architecture seed, adapted: deinit is not isolated to the main actor, so it cannot touch the main actor's
// non-Sendable state. (Swift 6.3 lets it read a Sendable stored property such as a Task: SE-0327.)

/// Not Sendable: a class with a mutable property.
final class Bag {
    var lines = 0
}

@MainActor
final class CartStore {
    private var bag = Bag()

    deinit { bag.lines = 0 }
}
