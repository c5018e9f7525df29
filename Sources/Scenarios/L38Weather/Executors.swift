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
    /// One hit.
    func hit()
}

/// A counter on the shared pool.
actor PoolHopCounter: HopCounter {
    /// Hits so far.
    var hits = 0

    func hit() {
        hits += 1
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

    func hit() {
        hits += 1
    }
}

/// How long a task takes to go back and forth between `a` and `b`, `turns` times.
@concurrent func turns(_ turns: Int, between a: some HopCounter, and b: some HopCounter) async -> Duration {
    let start = ContinuousClock.now
    for _ in 0..<turns {
        await a.hit()
        await b.hit()
    }
    return start.duration(to: .now)
}

/// The hop costs of L38 actors Q14, measured in one run.
public struct HopCost: Sendable, Hashable {
    /// Nanoseconds a turn between two plain actors, and between two on executors of their own.
    public var plainNs: Int, ownExecutorNs: Int
}

/// L38 actors Q14: a turn between two actors on executors of their own costs many times a turn between two plain
/// actors. Both measured in the same run, so only their ratio is compared. `.defaultExecutor`, the quiz's control: both
/// pairs are plain actors.
@concurrent public func hopCost(turns count: Int, _ shape: ExecutorShape = .ownExecutor) async -> HopCost {
    let defaultExecutor = shape == .defaultExecutor
    // Five alternating rounds, the fastest of each kind: a round the OS interrupted (a loaded machine) is only
    // slower, so the fastest is the cost itself, and the ratio does not swing with the load.
    let rounds = 5, perRound = max(count / rounds, 1)
    var plainBest = Duration.seconds(3_600), ownBest = Duration.seconds(3_600)
    for _ in 0..<rounds {
        plainBest = min(plainBest, await turns(perRound, between: PoolHopCounter(), and: PoolHopCounter()))
        let own = defaultExecutor ? await turns(perRound, between: PoolHopCounter(), and: PoolHopCounter())
            : await turns(perRound, between: OwnThreadHopCounter(), and: OwnThreadHopCounter())
        ownBest = min(ownBest, own)
    }
    func nanoseconds(_ duration: Duration) -> Int {
        Int(duration.components.seconds) * 1_000_000_000 + Int(duration.components.attoseconds / 1_000_000_000)
    }
    return HopCost(plainNs: nanoseconds(plainBest) / (2 * perRound), ownExecutorNs: nanoseconds(ownBest) / (2 * perRound))
}
