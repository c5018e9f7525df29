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

/// What the loop of a stream fed from a callback got, and whether the callback ran outside any task — in a context
/// "external to the iteration", as GCD's blocks are.
public struct FedStream: Sendable, Hashable {
    public var got: [Int], fedOutsideAnyTask: Bool

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(got: [Int], fedOutsideAnyTask: Bool) {
        self.got = got
        self.fedOutsideAnyTask = fedOutsideAnyTask
    }
}

/// Lesson 40's card "feed a stream from a callback that arrives on another thread": a dispatch queue's thread yields
/// 1, 2, 3 and finishes; the loop gets them all — the continuation is `Sendable`. Returns [1, 2, 3], and whether the
/// feed ran outside any task (a GCD block has none). `.inTheLoopsTask`, the quiz's control: the same feed made in
/// the loop's own task, before the loop.
nonisolated(nonsending) public func streamFedFromAnotherThread(_ shape: FeedShape = .whileTheLoopReads) async -> FedStream {
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let outsideAnyTask = Shared(false)
    let feed: @Sendable () -> Void = {
        outsideAnyTask.update { $0 = withUnsafeCurrentTask { $0 == nil } }
        for n in 1...3 {
            continuation.yield(n)
        }
        continuation.finish()
    }
    if shape == .inTheLoopsTask { feed() } else { DispatchQueue.global().async(execute: feed) }
    var got: [Int] = []
    for await n in stream { got.append(n) }
    return FedStream(got: got, fedOutsideAnyTask: outsideAnyTask.value)
}

/// Where the callback that feeds the stream runs.
public enum FeedShape: String, CaseIterable, Sendable, Decodable {
    /// On a dispatch queue's thread while the loop reads (the card).
    case whileTheLoopReads
    /// In the loop's own task, before the loop, the control.
    case inTheLoopsTask
}

/// Lesson 40's card "filter, transform and limit": 1 through 10, `filter` multiples of 3, `map` times 10,
/// `prefix(2)`. Returns what the loop got: [30, 60].
/// `.noPrefix`, the quiz's control, leaves the `prefix` out.
nonisolated(nonsending) public func streamFilterMapPrefix(_ shape: PrefixShape = .prefixTwo) async -> [Int] {
    let limit: Int? = shape == .noPrefix ? nil : 2
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    for n in 1...10 {
        continuation.yield(n)
    }
    continuation.finish()
    var got: [Int] = []
    let chain = stream.filter({ shape == .noFilter || $0.isMultiple(of: 3) }).map({ shape == .noMap ? $0 : $0 * 10 })
    if let limit {
        for await n in chain.prefix(limit) { got.append(n) }
    } else {
        for await n in chain { got.append(n) }
    }
    return got
}

/// Which of the card's three operators the chain has.
public enum PrefixShape: String, CaseIterable, Sendable, Decodable {
    /// `filter`, `map`, `prefix(2)` (the card).
    case prefixTwo
    /// No `prefix`, a control.
    case noPrefix
    /// No `filter`, a control.
    case noFilter
    /// No `map`, a control.
    case noMap
}
