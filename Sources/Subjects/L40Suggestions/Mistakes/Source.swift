/// Lesson 40, question 2, as written: a source of numbers that keeps one continuation, and makes a new stream each
/// time `values()` is called. A second call overwrites the only reference to the first continuation: nothing can
/// yield to the first stream or finish it any more, and a loop over it waits until its task is cancelled.
@MainActor
public final class Source {
    /// The continuation of the newest stream; older ones are forgotten.
    private var continuation: AsyncStream<Int>.Continuation?

    /// A source with no stream yet.
    public init() {}

    /// A new stream of the numbers `send(_:)` will be given. Replaces, without finishing, the stream before it.
    public func values() -> AsyncStream<Int> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        self.continuation = continuation
        return stream
    }

    /// Sends `n` to the newest stream.
    public func send(_ n: Int) {
        continuation?.yield(n)
    }

    /// Ends the newest stream.
    public func stop() {
        continuation?.finish()
    }
}
