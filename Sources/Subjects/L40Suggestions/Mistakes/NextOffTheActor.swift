/// Lesson 40's trick card "where does next() run?", the iterator with only a plain `next()`: it hands out `count`
/// answers to "did this `next()` run on the loop's actor?". A `for await` on an actor calls it through the default
/// `next(isolation:)`, which stays on the actor and then calls this nonisolated `async` method — which leaves it.
public struct NextOffTheActor: AsyncSequence, AsyncIteratorProtocol, Sendable {
    /// The actor the loop runs on, to compare with the actor `next()` finds itself on.
    public let loopActor: any Actor
    /// How many answers are still to come.
    public private(set) var left: Int

    /// An iterator that will answer `count` times for a loop on `loopActor`. A negative count is a mistake.
    public init(loopActor: any Actor, count: Int = 2) {
        precondition(count >= 0, "NextOffTheActor(count:) needs 0 or more answers, got \(count)")
        self.loopActor = loopActor
        self.left = count
    }

    /// `for await` asks the sequence for an iterator: a copy of this one.
    public func makeAsyncIterator() -> NextOffTheActor {
        self
    }

    /// Whether this call ran on the loop's actor — never: `@concurrent` (what a plain nonisolated `async` method
    /// means in Swift 6 without "approachable concurrency") runs on the shared pool, on no actor.
    @concurrent
    public mutating func next() async -> Bool? {
        guard left > 0 else {
            return nil
        }
        left -= 1
        return #isolation === loopActor
    }
}
