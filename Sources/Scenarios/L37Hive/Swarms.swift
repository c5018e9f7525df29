import Dispatch
import Foundation
import ConcurrencyProofsSubjects

// Lesson 37, steps 9 and 11, measured on the real pool: how many threads a swarm of waiting tasks comes back on,
// and which dispatch queue runs main-actor code, @concurrent code, an actor and a GCD block. A bee's second at a
// flower is 100 ms here.

/// What a swarm came back on.
public struct Swarm: Sendable, Hashable {
    /// Bees sent and back.
    public var bees: Int
    /// Distinct threads the bees left from or came back on.
    public var threads: Int
    /// The machine's cores.
    public var cores: Int
    /// How many came back on another thread than they left from.
    public var moved: Int
    /// How many came back on the main queue.
    public var backOnMainQueue: Int
    /// How long the swarm took.
    public var elapsedMs: Int
}

/// A bee on the main actor: 100 ms at a flower; the threads she left from and came back on, and whether she came
/// back on the main queue.
@MainActor func mainActorBee() async -> (UInt64, UInt64, Bool) {
    let left = threadNumber()
    try? await Task.sleep(for: .milliseconds(100))
    return (left, threadNumber(), onMainQueue())
}

/// A bee on no actor, on the pool.
@concurrent func poolBee() async -> (UInt64, UInt64, Bool) {
    let left = threadNumber()
    try? await Task.sleep(for: .milliseconds(100))
    return (left, threadNumber(), onMainQueue())
}

/// Step 9: `count` bees at once, each a child task: a main-actor bee for `.mainActor`, a pool bee for `.pool`.
@concurrent public func swarm(_ count: Int, _ shape: SwarmShape) async -> Swarm {
    let onTheMainActor = shape == .mainActor
    let start = ContinuousClock.now
    var threads = Set<UInt64>()
    var moved = 0, onMain = 0
    await withTaskGroup(of: (UInt64, UInt64, Bool).self) { group in
        for _ in 0..<count {
            group.addTask { onTheMainActor ? await mainActorBee() : await poolBee() }
        }
        for await (left, back, mainQueue) in group {
            threads.formUnion([left, back])
            if left != back { moved += 1 }
            if mainQueue { onMain += 1 }
        }
    }
    let elapsed = start.duration(to: .now)
    return Swarm(bees: count, threads: threads.count, cores: ProcessInfo.processInfo.activeProcessorCount, moved: moved, backOnMainQueue: onMain,
                 elapsedMs: Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000))
}

/// Which dispatch queue ran each kind of code.
public struct WhoRunsWhat: Sendable, Hashable {
    public var mainActor: String, concurrent: String, jar: String, gcdGlobal: String
}

extension Jar {
    /// Step 11: the label of the queue running the jar.
    func queueOfTheJar() -> String {
        currentQueueLabel()
    }
}

/// Asked from the pool.
@concurrent func queueOfThePool() async -> String {
    currentQueueLabel()
}

/// Asked from a block sent to GCD's global queue.
func queueOfAGCDBlock() async -> String {
    await withCheckedContinuation { done in
        DispatchQueue.global(qos: .userInitiated).async {
            done.resume(returning: currentQueueLabel())
        }
    }
}

/// The jar on an executor of its own (a thread named "hive.jar"), for the `.jarOnItsOwnThread` control.
actor JarOnItsOwnThread {
    /// What runs the jar's code.
    private let executor = ThreadExecutor(name: "hive.jar")

    nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// The label of the queue running the jar: none, on a thread of its own.
    func queueOfTheJar() -> String {
        currentQueueLabel()
    }
}

/// Step 11: which queue runs main-actor code, @concurrent code, the jar and a GCD block, asked from the main actor.
/// `shape`, the quiz's controls: `.allFromGCD`, every question asked from a GCD block; `.allFromThePool`, every one
/// from a `@concurrent` function; `.jarOnItsOwnThread`, the jar on an executor of its own.
@MainActor public func whoRunsWhat(_ shape: WhoRunsWhatShape = .eachInItsPlace) async -> WhoRunsWhat {
    switch shape {
    case .allFromGCD:
        return WhoRunsWhat(mainActor: await queueOfAGCDBlock(), concurrent: await queueOfAGCDBlock(),
                           jar: await queueOfAGCDBlock(), gcdGlobal: await queueOfAGCDBlock())
    case .allFromThePool:
        return WhoRunsWhat(mainActor: await queueOfThePool(), concurrent: await queueOfThePool(),
                           jar: await queueOfThePool(), gcdGlobal: await queueOfThePool())
    case .eachInItsPlace, .jarOnItsOwnThread:
        let main = currentQueueLabel()
        let pool = await queueOfThePool()
        let inTheJar = shape == .jarOnItsOwnThread ? await JarOnItsOwnThread().queueOfTheJar() : await Jar().queueOfTheJar()
        return WhoRunsWhat(mainActor: main, concurrent: pool, jar: inTheJar, gcdGlobal: await queueOfAGCDBlock())
    }
}

/// Where each queue question is asked.
public enum WhoRunsWhatShape: String, CaseIterable, Sendable, Decodable {
    /// Each from its own kind of code: main actor, `@concurrent`, the jar, a GCD block (the lesson).
    case eachInItsPlace
    /// Every one from a GCD block, a control.
    case allFromGCD
    /// Every one from a `@concurrent` function, a control.
    case allFromThePool
    /// Each in its place, but the jar on an executor of its own, a control.
    case jarOnItsOwnThread
}

/// Where a swarm's bees fly.
public enum SwarmShape: String, CaseIterable, Sendable, Decodable {
    /// `@MainActor func bee()`.
    case mainActor
    /// `@concurrent`, on the pool.
    case pool
}
