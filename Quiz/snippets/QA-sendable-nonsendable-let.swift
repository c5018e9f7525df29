// Q&A seed: a final class's lets must be of Sendable types for it to be Sendable.

/// Not Sendable: a class with a mutable property.
final class Bag {
    var lines = 0
}

final class Box: Sendable {
    let bag = Bag()
}
