/// The same countdown, conforming: AsyncSequence for makeAsyncIterator(), AsyncIteratorProtocol for next().
struct Countdown: AsyncSequence, AsyncIteratorProtocol {
    var left: Int

    func makeAsyncIterator() -> Countdown {
        self
    }

    mutating func next() async -> Int? {
        guard left > 0 else {
            return nil
        }
        left -= 1
        return left + 1
    }
}

/// for await, rewritten by the compiler into a while let over makeAsyncIterator() and next().
func liftoff() async {
    for await number in Countdown(left: 3) {
        print(number)
    }
    print("Liftoff")
}
