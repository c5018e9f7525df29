// Q&A seed: a mutable class is not Sendable, even final.

final class Box: Sendable {
    var count = 0
}
