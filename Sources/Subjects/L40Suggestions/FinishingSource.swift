/// Lesson 40, question 2, fixed the first of the lesson's three ways: like `Source`, one continuation and a new
/// stream for each call of `values()`, but the old stream is finished before it is replaced, so a loop over it
/// ends (with what it got) instead of waiting forever.
@MainActor
public final class FinishingSource {
    /// The continuation of the newest stream; older ones have been finished.
    private var continuation: AsyncStream<Int>.Continuation?

    /// A source with no stream yet.
    public init() {}

    /// A new stream of the numbers `send(_:)` will be given. The stream before it, if any, is finished first.
    public func values() -> AsyncStream<Int> {
        continuation?.finish()
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
