import Synchronization

/// What happened, in the order it happened, written from any task or thread: the console of the lessons' examples.
/// A scenario returns `entries` so that a test can check the order and the quiz can print it. The one event log of
/// the scenarios, the topic tests' and the quiz's alike.
public final class EventLog: Sendable {
    /// The lines so far; the mutex is what makes writing from several threads safe.
    private let lines = Mutex<[String]>([])

    /// An empty log.
    public init() {}

    /// Adds `line` at the end.
    public func record(_ line: String) {
        lines.withLock { $0.append(line) }
    }

    /// Every line, in order.
    public var entries: [String] {
        lines.withLock { $0 }
    }
}
