// L40-S01: lesson 40 step 3's countdown and its while let, built and run.

/// Three, two, one, handed out one at a time. No protocol: an `async` method that answers `nil` when it is done.
struct Countdown {
    var left: Int

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
    var iterator = Countdown(left: 3)
    while let number = await iterator.next() {
        print(number)
    }
    print("Liftoff")
}

await liftoff()
