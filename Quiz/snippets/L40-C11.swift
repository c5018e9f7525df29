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

/// A while let needs only an optional, and the await only an async method.
func liftoff() async {
    var iterator = Countdown(left: 3)
    while let number = await iterator.next() {
        print(number)
    }
    print("Liftoff")
}
