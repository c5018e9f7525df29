/// A stream's buffering policy, as a value a test can name and compare (the standard library's is not `Hashable`).
public enum StreamBuffering: Hashable, Sendable, CustomStringConvertible {
    /// Keep everything: the default, "the buffer limit is Int.max".
    case unbounded
    /// Keep the newest `n`; when full, "discard the oldest element in the buffer".
    case newest(Int)
    /// Keep the oldest `n`; when full, refuse the newcomer.
    case oldest(Int)

    /// The standard library's policy.
    var policy: AsyncStream<Int>.Continuation.BufferingPolicy {
        switch self {
        case .unbounded: .unbounded
        case .newest(let n): .bufferingNewest(n)
        case .oldest(let n): .bufferingOldest(n)
        }
    }

    /// As written in code: ".unbounded", ".bufferingNewest(3)".
    public var description: String {
        switch self {
        case .unbounded: ".unbounded"
        case .newest(let n): ".bufferingNewest(\(n))"
        case .oldest(let n): ".bufferingOldest(\(n))"
        }
    }
}

/// How a stream buffers what nobody has read yet.
public enum BufferShape: String, CaseIterable, Sendable, Decodable {
    /// `.bufferingNewest(1)`.
    case newest1
    /// `.bufferingOldest(1)`.
    case oldest1
    /// `.unbounded`, written out.
    case unbounded
    /// No policy written: `makeStream(of:)`'s default, which is what the lessons' "the default" claims are about.
    case byDefault

    /// The policy written, or nil for none (the default).
    public var buffering: StreamBuffering? {
        switch self {
        case .newest1: .newest(1)
        case .oldest1: .oldest(1)
        case .unbounded: .unbounded
        case .byDefault: nil
        }
    }
}
