import ConcurrencyProofsSubjects

// Lesson 38's cards on global actors and executors, written as the cards write them: the card's own types, on the
// package's stand-ins where Linux lacks Apple's (a `ThreadExecutor` for `DispatchSerialQueue`).

/// L38 card 11's actor, on "a serial dispatch queue of its own". Linux has no `DispatchSerialQueue`, so its executor
/// is the package's `ThreadExecutor`, a thread of its own named as the card names the queue.
actor CardDisk11 {
    /// What runs this actor's code.
    private let executor = ThreadExecutor(name: "trips.disk")

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Where this actor's code runs: the executor's name.
    func queueLabel() -> String {
        currentThreadName()
    }
}

/// L38 card 11: the actor's code runs on its own executor, "trips.disk".
/// The quiz's control for `CardDisk11`: the same actor on the default executor.
actor DefaultExecutorDisk {
    /// The name of the thread it runs on.
    func queueLabel() -> String {
        currentThreadName()
    }
}

/// `.defaultExecutor`, the quiz's control: an actor with no executor of its own.
nonisolated(nonsending) public func ownQueueLabel(_ shape: ExecutorShape = .ownExecutor) async -> String {
    let defaultExecutor = shape == .defaultExecutor
    return defaultExecutor ? await DefaultExecutorDisk().queueLabel() : await CardDisk11().queueLabel()
}

/// Where the actors of card 11 and actors question 14 run.
public enum ExecutorShape: String, CaseIterable, Sendable, Decodable {
    /// On executors of their own (the lesson).
    case ownExecutor
    /// On the default executor, the control.
    case defaultExecutor
}

/// L38 actors Q14's counters: one on the default executor, one on an executor of its own (a `ThreadExecutor`, for the
/// lesson's `DispatchSerialQueue`).
protocol HopCounter: Actor {
    /// One hit, answering the thread it ran on.
    func hit() -> UInt64
}

/// A counter on the shared pool.
actor PoolHopCounter: HopCounter {
    /// Hits so far.
    var hits = 0

    func hit() -> UInt64 {
        hits += 1
        return threadNumber()
    }
}

/// A counter on a thread of its own.
actor OwnThreadHopCounter: HopCounter {
    /// The counter's own executor.
    private let executor = ThreadExecutor(name: "trips.counter")
    /// Hits so far.
    var hits = 0

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    func hit() -> UInt64 {
        hits += 1
        return threadNumber()
    }
}

/// Of `turns` round trips between `a` and `b`, how many hops ran on the thread the task awaited them from.
@concurrent func hopsOnCallersThread(_ turns: Int, between a: some HopCounter, and b: some HopCounter) async -> Int {
    var onCallersThread = 0
    for _ in 0..<turns {
        var caller = threadNumber()
        if await a.hit() == caller { onCallersThread += 1 }
        caller = threadNumber()
        if await b.hit() == caller { onCallersThread += 1 }
    }
    return onCallersThread
}

/// Where the hops of L38 actors Q14 ran.
public struct Hops: Sendable, Hashable {
    /// How many hops were followed for each pair.
    public var hops: Int
    /// Of those, how many ran on the thread the task awaited them from: between two plain actors, and between two on
    /// executors of their own.
    public var plainHopsOnCallersThread: Int, ownHopsOnCallersThread: Int
}

/// L38 actors Q14: between two plain actors a hop is a switch on the caller's thread; to an actor on an executor of
/// its own, every hop is a hand-off to another thread — what makes it many times slower. The hops are followed, not
/// timed: a timing on a loaded machine is no verdict. `.defaultExecutor`, the quiz's control: both pairs are plain
/// actors.
@concurrent public func hopThreads(turns: Int, _ shape: ExecutorShape = .ownExecutor) async -> Hops {
    let plain = await hopsOnCallersThread(turns, between: PoolHopCounter(), and: PoolHopCounter())
    let own = shape == .defaultExecutor
        ? await hopsOnCallersThread(turns, between: PoolHopCounter(), and: PoolHopCounter())
        : await hopsOnCallersThread(turns, between: OwnThreadHopCounter(), and: OwnThreadHopCounter())
    return Hops(hops: 2 * turns, plainHopsOnCallersThread: plain, ownHopsOnCallersThread: own)
}
