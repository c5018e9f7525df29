// L40-C11: step 3's countdown and loop in the lesson's main, a @main Program's static main(), compiled to LLVM IR.

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

/// The program: one loop, one await.
@main
struct Program {
    static func main() async {
        var iterator = Countdown(left: 3)
        while let number = await iterator.next() {
            print(number)
        }
        print("Liftoff")
    }
}
