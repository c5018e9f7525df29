/// What a stream's `yield` answered, as a value a test can compare (the standard library's `YieldResult` is not
/// `Hashable`).
public enum StreamYield: Hashable, Sendable, CustomStringConvertible {
    /// The value went into the buffer (or straight to a waiting loop); `remaining` is the room left.
    case enqueued(remaining: Int)
    /// A value was thrown away: the newcomer (`.bufferingOldest`) or the oldest in the buffer (`.bufferingNewest`).
    case dropped(Int)
    /// The stream had ended; the value went nowhere.
    case terminated

    /// The standard library's answer, as this value.
    init(_ result: AsyncStream<Int>.Continuation.YieldResult) {
        switch result {
        case .enqueued(let remaining): self = .enqueued(remaining: remaining)
        case .dropped(let value): self = .dropped(value)
        case .terminated: self = .terminated
        @unknown default: preconditionFailure("a YieldResult this package does not know: \(result)")
        }
    }

    /// As the lesson prints it: "enqueued(remaining: 9223372036854775807)", "dropped(2)", "terminated".
    public var description: String {
        switch self {
        case .enqueued(let remaining): "enqueued(remaining: \(remaining))"
        case .dropped(let value): "dropped(\(value))"
        case .terminated: "terminated"
        }
    }
}
