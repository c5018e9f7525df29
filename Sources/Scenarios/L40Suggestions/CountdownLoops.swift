import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// Lesson 40 steps 3 and 4: the countdown read both ways. Returns what a `while let` over `next()` got, then what a
/// `for await` over the same countdown got: [3, 2, 1] both times — `for await` is rewritten into that `while let`.
nonisolated(nonsending) public func countdownReadBothWays() async -> [[Int]] {
    var whileLet: [Int] = []
    var iterator = Countdown(left: 3)
    while let number = await iterator.next() {
        ScenarioLog.note("while let got \(number)")
        whileLet.append(number)
    }
    var forAwait: [Int] = []
    for await number in Countdown(left: 3) {
        ScenarioLog.note("for await got \(number)")
        forAwait.append(number)
    }
    return [whileLet, forAwait]
}

/// Lesson 40's trick card "where does next() run?", as observed: for each way of reading, whether each `next` ran on
/// the loop's actor.
public struct CountdownWhereNextRuns: Hashable, Sendable {
    /// A `while let` calling `NextOffTheActor.next()` directly.
    public let plainNextWhileLet: [Bool]
    /// A `for await` over `NextOffTheActor`: the default `next(isolation:)`, which calls the plain `next()`.
    public let plainNextForAwait: [Bool]
    /// A `for await` over `NextOnTheActor`, which implements `next(isolation:)`.
    public let isolationNextForAwait: [Bool]

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(plainNextWhileLet: [Bool], plainNextForAwait: [Bool], isolationNextForAwait: [Bool]) {
        self.plainNextWhileLet = plainNextWhileLet
        self.plainNextForAwait = plainNextForAwait
        self.isolationNextForAwait = isolationNextForAwait
    }
}

/// The actor the loops of `countdownWhereNextRuns()` run on (the lesson's is the main actor).
actor CountdownLoopActor {
    /// Reads each iterator on this actor, and collects what each `next` said.
    /// `swapped`, the quiz's control: the isolation-inheriting countdown read where the plain one is, and the other
    /// way round.
    func readAll(_ shape: SwapShape = .lesson) async -> CountdownWhereNextRuns {
        let swapped = shape == .swapped
        var whileLet: [Bool] = []
        var plain: [Bool] = []
        var isolated: [Bool] = []
        if swapped {
            for await onTheActor in NextOnTheActor(loopActor: self) { whileLet.append(onTheActor) }
            for await onTheActor in NextOnTheActor(loopActor: self) { plain.append(onTheActor) }
            for await onTheActor in NextOffTheActor(loopActor: self) { isolated.append(onTheActor) }
            return CountdownWhereNextRuns(
                plainNextWhileLet: whileLet, plainNextForAwait: plain, isolationNextForAwait: isolated)
        }
        var iterator = NextOffTheActor(loopActor: self)
        while let onTheActor = await iterator.next() {
            ScenarioLog.note("while let, plain next(): \(onTheActor ? "on" : "off") the loop's actor")
            whileLet.append(onTheActor)
        }
        for await onTheActor in NextOffTheActor(loopActor: self) {
            ScenarioLog.note("for await, plain next(): \(onTheActor ? "on" : "off") the loop's actor")
            plain.append(onTheActor)
        }
        for await onTheActor in NextOnTheActor(loopActor: self) {
            ScenarioLog.note("for await, next(isolation:): \(onTheActor ? "on" : "off") the loop's actor")
            isolated.append(onTheActor)
        }
        return CountdownWhereNextRuns(
            plainNextWhileLet: whileLet, plainNextForAwait: plain, isolationNextForAwait: isolated)
    }
}

/// Lesson 40's trick card: loops on an actor read a plain nonisolated `next()` with `while let` and with `for
/// await`, then an iterator with `next(isolation:)`. The lesson printed "next() on the main thread: false" four times,
/// and "next(isolation:) on the main thread: true": here [false, false], [false, false], [true, true].
nonisolated(nonsending) public func countdownWhereNextRuns(_ shape: SwapShape = .lesson) async -> CountdownWhereNextRuns {
    await CountdownLoopActor().readAll(shape)
}
