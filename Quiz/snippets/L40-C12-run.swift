// L40-C12, run: the conforming countdown read with for await, built and run.

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

for await number in Countdown(left: 3) {
    print(number)
}
print("Liftoff")
