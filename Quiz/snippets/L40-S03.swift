// L40-S03: lesson 40 step 4's for await over the countdown, as the compiler rewrites it, built and run.

/// The countdown, conforming: AsyncSequence for makeAsyncIterator(), AsyncIteratorProtocol for next().
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

/// The loop, in a function: at the top level of a Swift 6 main.swift the variable would be a main-actor global, and
/// the nonisolated mutating `next` could not be called on it.
func liftoff() async {
    // `for await number in Countdown(left: 3) { print(number) }`, as the compiler rewrites it — written as Swift you can type.
    var generator = Countdown(left: 3).makeAsyncIterator()
    while let element = await generator.next(isolation: #isolation) {
        let number = element
        print(number)
    }
    print("Liftoff")
}

await liftoff()
