/// Three, two, one, handed out one at a time (lesson 40, steps 3 and 4): an `async` method that answers the next
/// number, and `nil` when it is done. The two protocols are what `for await` looks up to call `makeAsyncIterator()`
/// and `next()`; a `while let` over `next()` needs neither. The countdown is its own iterator.
public struct Countdown: AsyncSequence, AsyncIteratorProtocol, Sendable {
    /// How many numbers are still to come.
    public private(set) var left: Int

    /// A countdown from `left` (3 gives 3, 2, 1). A negative start is a mistake, not an empty countdown.
    public init(left: Int) {
        precondition(left >= 0, "Countdown(left:) counts down from 0 or more, got \(left)")
        self.left = left
    }

    /// `for await` asks the sequence for an iterator, then asks the iterator for each value: a copy of this countdown.
    public func makeAsyncIterator() -> Countdown {
        self
    }

    /// The next number, or `nil` at the end. `@concurrent` spells out what the lesson's plain nonisolated `async`
    /// method does in Swift 6 without "approachable concurrency": it runs on the shared pool, whoever calls it.
    @concurrent
    public mutating func next() async -> Int? {
        guard left > 0 else {
            return nil
        }
        left -= 1
        return left + 1
    }
}
