/// A buffering run, as observed.
public struct StreamBufferingRun: Hashable, Sendable {
    /// What each `yield` answered, in order.
    public let yields: [StreamYield]
    /// What a loop read afterwards.
    public let read: [Int]

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(yields: [StreamYield], read: [Int]) {
        self.yields = yields
        self.read = read
    }
}

/// Lesson 40's buffering cards: `values` are yielded into a stream with `buffering` while nobody is looping, the
/// stream is finished, and then a loop reads what was kept. Returns each yield's answer and what the loop got.
/// A capacity below 0 is a mistake.
nonisolated(nonsending) public func streamBuffering(_ buffering: StreamBuffering, values: [Int]) async
    -> StreamBufferingRun
{
    if case .newest(let n) = buffering { precondition(n >= 0, "bufferingNewest needs 0 or more, got \(n)") }
    if case .oldest(let n) = buffering { precondition(n >= 0, "bufferingOldest needs 0 or more, got \(n)") }
    return await buffered(values, AsyncStream.makeStream(of: Int.self, bufferingPolicy: buffering.policy))
}

/// The same run, the stream made with no policy written — `makeStream(of:)`'s default, whatever it is.
nonisolated(nonsending) public func streamBufferingByDefault(values: [Int]) async -> StreamBufferingRun {
    await buffered(values, AsyncStream.makeStream(of: Int.self))
}

/// Yields `values` into the stream while nobody is looping, finishes it, then reads what was kept.
nonisolated(nonsending) func buffered(
    _ values: [Int], _ made: (stream: AsyncStream<Int>, continuation: AsyncStream<Int>.Continuation)
) async -> StreamBufferingRun {
    let (stream, continuation) = made
    let yields = values.map { StreamYield(continuation.yield($0)) }
    continuation.finish()
    var read: [Int] = []
    for await value in stream {
        read.append(value)
    }
    return StreamBufferingRun(yields: yields, read: read)
}
