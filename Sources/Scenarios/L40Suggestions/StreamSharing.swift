import Foundation

/// Lesson 40 question 1, as observed.
public struct StreamTwoConsumers: Hashable, Sendable {
    /// How many values the first loop got.
    public let firstCount: Int
    /// How many the second got.
    public let secondCount: Int
    /// Whether the two together got every value exactly once (`(first + second).sorted() == 1...count`).
    public let everyValueOnce: Bool

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(firstCount: Int, secondCount: Int, everyValueOnce: Bool) {
        self.firstCount = firstCount
        self.secondCount = secondCount
        self.everyValueOnce = everyValueOnce
    }
}

/// Lesson 40 question 1: two tasks loop over the same stream; once both are waiting (after `settle`), `count`
/// values are yielded and the stream finished. The lesson printed "first loop: 5 values; second loop: 5 values;
/// every value once: true": a stream does not broadcast, each value goes to one waiting loop.
/// `.streamEach`, the quiz's control: what the question's wrong answer expects — each loop has a stream of its own, fed
/// every value.
nonisolated(nonsending) public func streamTwoConsumers(count: Int, settle: Duration = .milliseconds(100),
                                                     shape: ConsumersShape = .oneStream) async -> StreamTwoConsumers
{
    let broadcast = shape == .streamEach
    precondition(count >= 0, "streamTwoConsumers(count:) needs 0 or more values, got \(count)")
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let (copy, copyContinuation) = AsyncStream.makeStream(of: Int.self)
    let a = Task {
        var got: [Int] = []
        for await n in stream { got.append(n) }
        return got
    }
    let b = Task {
        var got: [Int] = []
        for await n in broadcast ? copy : stream { got.append(n) }
        return got
    }
    try? await Task.sleep(for: settle)
    for n in 0..<count {
        continuation.yield(n + 1)
        copyContinuation.yield(n + 1)
    }
    continuation.finish()
    copyContinuation.finish()
    let first = await a.value, second = await b.value
    return StreamTwoConsumers(
        firstCount: first.count, secondCount: second.count,
        everyValueOnce: (first + second).sorted() == Array(0..<count).map { $0 + 1 })
}

/// What the two loops read.
public enum ConsumersShape: String, CaseIterable, Sendable, Decodable {
    /// The same stream (question 1).
    case oneStream
    /// A stream each, fed every value: what the wrong answer expects, the control.
    case streamEach
}

/// Lesson 40's card "feed a stream from a callback that arrives on another thread": a dispatch queue's thread yields
/// 1, 2, 3 and finishes; the loop gets them all — the continuation is `Sendable`. Returns [1, 2, 3].
/// `.newestOnlyReadAfter`, the quiz's control: a stream that keeps only the newest value, read only once the thread
/// has fed it everything — the values before the last are lost, and the loop gets [3].
nonisolated(nonsending) public func streamFedFromAnotherThread(_ shape: FeedShape = .whileTheLoopReads) async -> [Int] {
    let droppingBeforeTheLoop = shape == .newestOnlyReadAfter
    let (stream, continuation) = AsyncStream.makeStream(
        of: Int.self, bufferingPolicy: droppingBeforeTheLoop ? .bufferingNewest(1) : .unbounded)
    let feed: @Sendable () -> Void = {
        for n in 1...3 {
            continuation.yield(n)
        }
        continuation.finish()
    }
    if droppingBeforeTheLoop {
        await withCheckedContinuation { (fed: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                feed()
                fed.resume()
            }
        }
    } else {
        DispatchQueue.global().async(execute: feed)
    }
    var got: [Int] = []
    for await n in stream { got.append(n) }
    return got
}

/// How the other thread's values reach the loop.
public enum FeedShape: String, CaseIterable, Sendable, Decodable {
    /// An unbounded stream the loop reads as the thread feeds it (the card).
    case whileTheLoopReads
    /// A stream that keeps only the newest value, read once the thread is done: the control.
    case newestOnlyReadAfter
}

/// Lesson 40's card "filter, transform and limit": 1 through 10, `filter` multiples of 3, `map` times 10,
/// `prefix(2)`. Returns what the loop got: [30, 60].
/// `.noPrefix`, the quiz's control, leaves the `prefix` out.
nonisolated(nonsending) public func streamFilterMapPrefix(_ shape: PrefixShape = .prefixTwo) async -> [Int] {
    let limit: Int? = shape == .prefixTwo ? 2 : nil
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for n in 1...10 {
        continuation.yield(n)
    }
    continuation.finish()
    var got: [Int] = []
    let chain = stream.filter({ $0.isMultiple(of: 3) }).map({ $0 * 10 })
    if let limit {
        for await n in chain.prefix(limit) { got.append(n) }
    } else {
        for await n in chain { got.append(n) }
    }
    return got
}

/// Whether the chain ends in `prefix(2)`.
public enum PrefixShape: String, CaseIterable, Sendable, Decodable {
    /// It does (the card).
    case prefixTwo
    /// It does not, the control.
    case noPrefix
}
