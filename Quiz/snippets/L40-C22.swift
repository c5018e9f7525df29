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

func liftoff() async {
    for await number in Countdown(left: 3) {
        print(number)
    }
    print("Liftoff")
}
