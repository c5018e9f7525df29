/// Lesson 40's trick card "where does next() run?", the iterator that implements `next(isolation:)` (SE-0421):
/// `for await` passes it the loop's actor as an `isolated` parameter, so it runs there, with no hop off and back.
/// It hands out `count` answers to "did this `next` run on the loop's actor?".
public struct NextOnTheActor: AsyncSequence, AsyncIteratorProtocol, Sendable {
    /// The actor the loop runs on, to compare with the actor `next` finds itself on.
    public let loopActor: any Actor
    /// How many answers are still to come.
    public private(set) var left: Int

    /// An iterator that will answer `count` times for a loop on `loopActor`. A negative count is a mistake.
    public init(loopActor: any Actor, count: Int = 2) {
        precondition(count >= 0, "NextOnTheActor(count:) needs 0 or more answers, got \(count)")
        self.loopActor = loopActor
        self.left = count
    }

    /// `for await` asks the sequence for an iterator: a copy of this one.
    public func makeAsyncIterator() -> NextOnTheActor {
        self
    }

    /// What `for await` calls: on `actor`, the caller's own, because the parameter is `isolated`.
    public mutating func next(isolation actor: isolated (any Actor)?) async -> Bool? {
        guard left > 0 else {
            return nil
        }
        left -= 1
        return #isolation === loopActor
    }

    /// The protocol's older requirement, for callers that do not pass their actor: on the shared pool, like
    /// `NextOffTheActor.next()`.
    @concurrent
    public mutating func next() async -> Bool? {
        guard left > 0 else {
            return nil
        }
        left -= 1
        return #isolation === loopActor
    }
}
