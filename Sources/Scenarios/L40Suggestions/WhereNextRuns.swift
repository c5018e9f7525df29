import ConcurrencyProofsSubjects

/// Lesson 40's trick card "where does next() run?", read at run time: for each call of `next`, whether it ran on the
/// thread of the loop's actor. The lesson's loop is on the main actor and each `next` prints `Thread.isMainThread`; on
/// Linux no thread is the main actor's own (worker threads drain the main queue), so here the loop's actor has a
/// thread of its own, a `ThreadExecutor`, and each call compares the name of the thread it is on with that one.
public struct NextThreads: Hashable, Sendable {
    /// Each call of a plain `next()` under `while let`, the value's and the nil's.
    public let plainNextWhileLet: [Bool]
    /// Each call of the same `next()` under `for await`, through the default `next(isolation:)`.
    public let plainNextForAwait: [Bool]
    /// Each call under `for await` of an iterator that implements `next(isolation:)` itself.
    public let isolationNextForAwait: [Bool]
}

/// The name of the loop's thread (at most 15 bytes: Linux cuts thread names there).
let loopThreadName = "l40.loop"

/// The calls a countdown's `next` saw: whether each ran on the loop's thread.
typealias NextCalls = Shared<[Bool]>

extension Shared where Value == [Bool] {
    /// Writes down where this call of `next` runs: on the loop's thread or not.
    func noteWhereThisRuns() {
        let onLoopThread = currentThreadName() == loopThreadName
        update { $0.append(onLoopThread) }
    }
}

/// What the countdowns below hand out: one value, 1, then nil.
struct OneLeft {
    /// Whether the value is still to come.
    private var waiting = true

    /// 1 the first time, nil after.
    mutating func take() -> Int? {
        defer { waiting = false }
        return waiting ? 1 : nil
    }
}

/// A countdown of one with only a plain `next()`: `@concurrent`, which is what a nonisolated `async` method means in the
/// lessons' Swift 6 mode without "approachable concurrency" (this package's setting too), so it runs on the pool.
struct PlainNext: AsyncSequence, AsyncIteratorProtocol {
    /// Where each call ran.
    let calls: NextCalls
    /// The one value still to come.
    var left = OneLeft()

    /// The sequence is its own iterator.
    func makeAsyncIterator() -> PlainNext {
        self
    }

    /// One, then nil; each call writes down its thread.
    @concurrent mutating func next() async -> Int? {
        calls.noteWhereThisRuns()
        return left.take()
    }
}

/// The quiz's control for `PlainNext`: the same `next()`, `nonisolated(nonsending)` — what the same words mean with
/// NonisolatedNonsendingByDefault — so it runs on its caller's actor.
struct InheritingNext: AsyncSequence, AsyncIteratorProtocol {
    /// Where each call ran.
    let calls: NextCalls
    /// The one value still to come.
    var left = OneLeft()

    /// The sequence is its own iterator.
    func makeAsyncIterator() -> InheritingNext {
        self
    }

    /// One, then nil, on the caller's actor; each call writes down its thread.
    nonisolated(nonsending) mutating func next() async -> Int? {
        calls.noteWhereThisRuns()
        return left.take()
    }
}

/// A countdown of one that implements `next(isolation:)`: `for await` passes it the loop's actor as its `isolated`
/// parameter (SE-0421), so it runs there.
struct IsolatedNext: AsyncSequence, AsyncIteratorProtocol {
    /// Where each call ran.
    let calls: NextCalls
    /// The one value still to come.
    var left = OneLeft()

    /// The sequence is its own iterator.
    func makeAsyncIterator() -> IsolatedNext {
        self
    }

    /// What `for await` calls: on `actor`, the loop's.
    mutating func next(isolation actor: isolated (any Actor)?) async -> Int? {
        calls.noteWhereThisRuns()
        return left.take()
    }

    /// The older requirement, for callers that pass no actor: on the pool.
    @concurrent mutating func next() async -> Int? {
        calls.noteWhereThisRuns()
        return left.take()
    }
}

/// The quiz's control for `IsolatedNext`: the same `next(isolation:)` with its parameter not `isolated`, so nothing
/// ties it to the actor it is given and it runs on the pool, as the nonisolated `async` method it now is.
struct UnisolatedNext: AsyncSequence, AsyncIteratorProtocol {
    /// Where each call ran.
    let calls: NextCalls
    /// The one value still to come.
    var left = OneLeft()

    /// The sequence is its own iterator.
    func makeAsyncIterator() -> UnisolatedNext {
        self
    }

    /// Given the loop's actor, but not isolated to it.
    @concurrent mutating func next(isolation actor: (any Actor)?) async -> Int? {
        calls.noteWhereThisRuns()
        return left.take()
    }

    /// The older requirement: on the pool.
    @concurrent mutating func next() async -> Int? {
        calls.noteWhereThisRuns()
        return left.take()
    }
}

/// The loop's actor, on a thread of its own, so that where code runs can be read at run time.
actor LoopOnItsOwnThread {
    /// What runs this actor's code: the thread named `loopThreadName`.
    private let executor = ThreadExecutor(name: loopThreadName)

    /// The executor the runtime hands this actor's jobs to.
    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Reads a plain `next()` with `while let` and with `for await`, then an iterator with `next(isolation:)` with
    /// `for await`, all on this actor.
    func readAll(_ shape: NextPlaceShape) async -> NextThreads {
        let whileLet = NextCalls([])
        let forAwait = NextCalls([])
        let isolated = NextCalls([])
        if shape == .nextInheritsItsCaller {
            var iterator = InheritingNext(calls: whileLet)
            while await iterator.next() != nil {}
        } else {
            var iterator = PlainNext(calls: whileLet)
            while await iterator.next() != nil {}
        }
        if shape == .ownNextIsolation {
            for await _ in IsolatedNext(calls: forAwait) {}
        } else {
            for await _ in PlainNext(calls: forAwait) {}
        }
        if shape == .parameterNotIsolated {
            for await _ in UnisolatedNext(calls: isolated) {}
        } else {
            for await _ in IsolatedNext(calls: isolated) {}
        }
        return NextThreads(plainNextWhileLet: whileLet.value, plainNextForAwait: forAwait.value,
                           isolationNextForAwait: isolated.value)
    }
}

/// Lesson 40's trick card "where does next() run?": a loop on an actor with a thread of its own reads a countdown of
/// one whose plain `next()` writes down its thread at each call, with `while let` and with `for await`, then one that
/// implements `next(isolation:)`. The lesson printed "next() on the main thread: false" four times and
/// "next(isolation:) on the main thread: true": here [false, false] twice, and [true, true].
nonisolated(nonsending) public func whereNextRuns(_ shape: NextPlaceShape = .lesson) async -> NextThreads {
    await LoopOnItsOwnThread().readAll(shape)
}

/// How the countdowns' `next` is declared.
public enum NextPlaceShape: String, CaseIterable, Sendable, Decodable {
    /// A plain `@concurrent` `next()`, and a `next(isolation:)` with its `isolated` parameter (the lesson).
    case lesson
    /// The plain `next()` declared `nonisolated(nonsending)`, a control: under `while let` it runs on its caller's
    /// actor.
    case nextInheritsItsCaller
    /// The `for await` of the plain reading over the iterator with `next(isolation:)` instead, a control: no default
    /// in between, it runs on the loop's actor.
    case ownNextIsolation
    /// `next(isolation:)` with its parameter not `isolated`, a control: it runs on the pool.
    case parameterNotIsolated
}
