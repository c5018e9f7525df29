// L40-S02: lesson 40 step 3's loop written out by hand, as the two functions the compiler makes of it, built and run.

/// The countdown as plain functions, with no `async` and no `await`: `next` calls `whereToGoNext` instead of returning.
final class Countdown {
    var left: Int

    init(left: Int) {
        self.left = left
    }

    func next(thenContinueAt whereToGoNext: (Int?) -> Void) {
        guard left > 0 else {
            whereToGoNext(nil)
            return
        }
        left -= 1
        whereToGoNext(left + 1)
    }
}

/// The loop, as the two functions the compiler makes of it: everything before the `await`, and everything after.
final class Loop {
    let iterator = Countdown(left: 3)

    func start() {
        iterator.next(thenContinueAt: gotAnswer)
    }

    func gotAnswer(_ number: Int?) {
        guard let number else {
            print("Liftoff")
            return
        }
        print(number)
        iterator.next(thenContinueAt: gotAnswer)
    }
}

Loop().start()
