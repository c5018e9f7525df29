/// The error the lessons' requests fail with: lesson 38 question 1's, the seed's `loadScreen()`'s, a visit that fails.
public struct Offline: Error, Hashable, CustomStringConvertible {
    /// A network that is not there.
    public init() {}
    /// As the lessons print it.
    public var description: String { "Offline()" }
}
