/// What `withTimeout(_:_:)` throws when the time ran out before the operation answered.
public struct TimedOut: Error, Equatable, CustomStringConvertible {
    /// The time the operation was given.
    public let limit: Duration

    /// The operation did not answer within `limit`.
    public init(limit: Duration) {
        self.limit = limit
    }

    /// Says how long the operation had.
    public var description: String { "timed out after \(limit)" }
}
