import Dispatch
import Foundation
import Synchronization

/// A sensor session: an actor on a queue of its own, whose legacy callback API delivers readings on that same queue.
actor SensorSession {
    /// The queue the actor runs on and the readings arrive on.
    private let executor = CheckedQueueExecutor(label: "sensor")
    /// The readings, in the order they came.
    private(set) var readings: [Int] = []

    /// The actor runs on its queue.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Keeps `reading`.
    func record(_ reading: Int) { readings.append(reading) }

    /// Starts the sensor: `count` readings, each delivered by a block on the actor's queue, which records it without
    /// an `await` (`assumeIsolated`); `done` runs after the last.
    nonisolated func start(count: Int, done: @escaping @Sendable () -> Void) {
        for reading in 1...count {
            executor.queue.async {
                self.assumeIsolated { $0.record(reading) }
                if reading == count { done() }
            }
        }
    }
}

/// An engine bound to a thread of its own (made for it, stopped when it is done), whose C-style callbacks arrive on
/// that thread.
actor Engine {
    /// The engine's thread.
    private let executor = ThreadExecutor(name: "engine")
    /// Frames rendered.
    private(set) var frames = 0

    /// The actor runs on its thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// One frame.
    func frame() { frames += 1 }

    /// Runs `count` frame callbacks on the engine's thread, each counting a frame without an `await`
    /// (`assumeIsolated`); `done` runs after the last.
    nonisolated func renderLoop(count: Int, done: @escaping @Sendable () -> Void) {
        for frame in 1...count {
            executor.perform {
                self.assumeIsolated { $0.frame() }
                if frame == count { done() }
            }
        }
    }

    /// Ends the engine's thread.
    nonisolated func shutDown() { executor.stop() }
}

/// A wallet, changed by free functions that take it `isolated`.
actor Wallet {
    /// Coins held.
    var coins = 0
    /// Takes `amount` in.
    func receive(_ amount: Int) { coins += amount }
}

/// Adds `amount` to `wallet`, running on the wallet's actor: no `await` inside.
func deposit(_ amount: Int, into wallet: isolated Wallet) {
    wallet.coins += amount
}

/// Moves `amount` from `source` (whose actor this runs on) to `target`.
func transfer(_ amount: Int, from source: isolated Wallet, to target: Wallet) async {
    source.coins -= amount
    await target.receive(amount)
}

/// Runs `body` twice with a yield between, on the caller's actor (`#isolation`): a helper that, without it, could
/// not be handed a closure that touches an actor's state.
func twice(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async {
    await body()
    await Task.yield()
    await body()
}

/// Where a `#isolation` default says its caller runs: `actor`, `main` or `none`.
func callerIsolation(isolation: isolated (any Actor)? = #isolation) async -> String {
    await Task.yield()
    guard let isolation else { return "none" }
    return isolation is MainActor ? "main" : "actor"
}

/// A counter actor bumped through the `#isolation` helper.
actor Bumper {
    /// The count.
    private(set) var count = 0

    /// Three rounds of `twice { count += 1 }`: six bumps.
    func bumpSix() async {
        for _ in 0..<3 { await twice { count += 1 } }
    }

    /// Where the helper ran, called from here.
    func whereFrom() async -> String { await callerIsolation() }
}

/// Where the helper ran, called from the main actor.
@MainActor func whereFromMain() async -> String { await callerIsolation() }

/// Where the helper ran, called from no actor.
func whereFromNowhere() async -> String { await callerIsolation() }

/// A station that counts the children passing through it, and notes each visit in a trail shared by all stations.
actor Station {
    /// The station's name.
    private let name: String
    /// Every station's visits, in the order they happened.
    private let trail: Locked<[(station: String, child: Int)]>
    /// Visits, by child.
    private(set) var visits: [Int] = []

    /// A station named `name` that notes its visits in `trail`.
    init(_ name: String, trail: Locked<[(station: String, child: Int)]>) {
        self.name = name
        self.trail = trail
    }

    /// `child` passes through.
    func visit(_ child: Int) {
        visits.append(child)
        trail.withLock { $0.append((name, child)) }
    }
}

/// An actor that starts tasks from its methods: they inherit its isolation.
actor Starter {
    /// The count.
    private(set) var count = 0

    /// Starts three tasks that each bump the count without an `await` (they run on this actor).
    func startThree() -> [Task<Void, Never>] {
        (0..<3).map { _ in Task { count += 1 } }
    }
}

/// Numbers logged on the main actor.
@MainActor final class MainLog {
    /// The numbers, in the order they came.
    private(set) var numbers: [Int] = []
    /// An empty log, made anywhere.
    nonisolated init() {}
    /// Logs `n`.
    func append(_ n: Int) { numbers.append(n) }
}

/// A global actor for a log, `global-actor-tasks-in-order`'s own (see `StorageActor`).
@globalActor actor LogActor {
    /// The one instance.
    static let shared = LogActor()
}

/// Numbers logged on the log's global actor.
@LogActor final class StorageLog {
    /// The numbers, in the order they came.
    private(set) var numbers: [Int] = []
    /// An empty log, made anywhere.
    nonisolated init() {}
    /// Logs `n`.
    func append(_ n: Int) { numbers.append(n) }
}

/// A marker on `MarkedQueueTaskExecutor`'s queue, to tell from inside a job whether it runs there.
let onWorkers = DispatchSpecificKey<Bool>()

/// A task executor on a concurrent Dispatch queue marked with `onWorkers`.
final class MarkedQueueTaskExecutor: TaskExecutor {
    /// The queue the jobs run on.
    private let queue: DispatchQueue = {
        let queue = DispatchQueue(label: "marked-workers", attributes: .concurrent)
        queue.setSpecific(key: onWorkers, value: true)
        return queue
    }()

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// `on it` inside a block of `MarkedQueueTaskExecutor`'s queue, else `off it`.
func whereRunning() -> String {
    DispatchQueue.getSpecific(key: onWorkers) == true ? "on it" : "off it"
}

extension Program {
    /// Readings delivered on an actor's own queue by a callback API, recorded with `assumeIsolated`.
    static let assumeIsolatedOnQueue = Program(
        "assume-isolated-on-queue", "a callback on an actor's custom executor's DispatchQueue calling actor.assumeIsolated (checkIsolated: dispatchPrecondition)",
        onTime: ["[1, 2, 3]"],
        because: "the blocks run on the actor's own serial queue, so checkIsolated passes and they record in the order they were sent"
    ) {
        let session = SensorSession()
        await withCheckedContinuation { continuation in
            session.start(count: 3) { continuation.resume() }
        }
        return list(await session.readings)
    }

    /// Frame callbacks on an engine's own thread, counted with `assumeIsolated`, then the thread stopped.
    static let assumeIsolatedOnThread = Program(
        "assume-isolated-on-thread", "callbacks on an actor's thread executor calling actor.assumeIsolated (checkIsolated: the thread)",
        onTime: ["4 frames"],
        because: "the callbacks run on the actor's own thread, one at a time, so each frame counts"
    ) {
        let engine = Engine()
        await withCheckedContinuation { continuation in
            engine.renderLoop(count: 4) { continuation.resume() }
        }
        let frames = await engine.frames
        engine.shutDown()
        return "\(frames) frames"
    }

    /// Ten concurrent deposits through a function with an `isolated` parameter, then a transfer.
    static let isolatedParameter = Program(
        "isolated-parameter", "func deposit(_:into: isolated Wallet) from ten children, then transfer(_:from: isolated Wallet, to:)",
        onTime: ["35, 20"],
        because: "a function with an isolated parameter runs on that actor, so the ten deposits (55) never overlap; 20 then moves"
    ) {
        let (wallet, savings) = (Wallet(), Wallet())
        await withTaskGroup(of: Void.self) { group in
            for amount in 1...10 { group.addTask { await deposit(amount, into: wallet) } }
        }
        await transfer(20, from: wallet, to: savings)
        return "\(await wallet.coins), \(await savings.coins)"
    }

    /// A helper with an `isolation: isolated (any Actor)? = #isolation` parameter, from an actor, the main actor and
    /// no actor; and two callers handing it a closure that bumps the actor's count.
    static let isolationDefault = Program(
        "isolation-default", "a helper taking isolation: isolated (any Actor)? = #isolation, called from an actor (twice at once), MainActor, none",
        onTime: ["12 bumps; actor, main, none"],
        because: "#isolation is the caller's actor, so the helper runs there and each bump is on the actor: two callers of six"
    ) {
        let bumper = Bumper()
        async let first: Void = bumper.bumpSix()
        async let second: Void = bumper.bumpSix()
        _ = await (first, second)
        let places = [await bumper.whereFrom(), await whereFromMain(), await whereFromNowhere()]
        return "\(await bumper.count) bumps; \(places.joined(separator: ", "))"
    }

    /// Six children of a task group, each passing through three actors and back to the first.
    static let threeActorHops = Program(
        "three-actor-hops", "six task-group children each awaiting a.visit, b.visit, c.visit, a.visit",
        onTime: ["a 12, b 6, c 6; each child's own order kept"],
        because: "each child awaits its visits one after another; the actors take them one at a time, whatever the interleaving"
    ) {
        let trail = Locked<[(station: String, child: Int)]>([])
        let (a, b, c) = (Station("a", trail: trail), Station("b", trail: trail), Station("c", trail: trail))
        await withTaskGroup(of: Void.self) { group in
            for child in 0..<6 {
                group.addTask {
                    await a.visit(child)
                    await b.visit(child)
                    await c.visit(child)
                    await a.visit(child)
                }
            }
        }
        let (visitsA, visitsB, visitsC) = (await a.visits, await b.visits, await c.visits)
        let kept = (0..<6).allSatisfy { child in
            trail.value.filter { $0.child == child }.map(\.station) == ["a", "b", "c", "a"]
        }
        return "a \(visitsA.count), b \(visitsB.count), c \(visitsC.count); each child's own order \(kept ? "kept" : "broken")"
    }

    /// Three `Task {}`s made in an actor method, each changing its state without an `await`.
    static let actorTaskInheritsIsolation = Program(
        "actor-task-inherits-isolation", "Task { count += 1 } made three times in an actor method, awaited",
        onTime: ["3"],
        because: "a Task made in an actor method runs on that actor, so its synchronous bumps never overlap"
    ) {
        let starter = Starter()
        for task in await starter.startThree() { await task.value }
        return "\(await starter.count)"
    }

    /// Five `Task { @LogActor in … }` made one after another from code on no actor, each logging its number.
    static let globalActorTasksInOrder = Program(
        "global-actor-tasks-in-order", "five Task { @GlobalActor in log.append(n) } made in order from nonisolated code",
        onTime: ["[0, 1, 2, 3, 4]"],
        because: "a task whose closure names a global actor is enqueued on it as it is made and starts there in that order (SE-0431)"
    ) {
        let log = StorageLog()
        let tasks = (0..<5).map { n in Task { @LogActor in log.append(n) } }
        for task in tasks { await task.value }
        return list(await log.numbers)
    }

    /// Five `Task { @MainActor in … }` made one after another from code on no actor, each logging its number.
    static let mainActorTasksInOrder = Program(
        "main-actor-tasks-in-order", "five Task { @MainActor in log.append(n) } made in order from nonisolated code",
        onTime: ["[0, 1, 2, 3, 4]"],
        because: "a task whose closure names the main actor is enqueued on it as it is made and starts there in that order (SE-0431)"
    ) {
        let log = MainLog()
        let tasks = (0..<5).map { n in Task { @MainActor in log.append(n) } }
        for task in tasks { await task.value }
        return list(await log.numbers)
    }

    /// `withTaskExecutorPreference` reaches structured children but not a `Task {}` or a `Task.detached` made inside.
    static let preferenceSkipsUnstructured = Program(
        "preference-skips-unstructured", "withTaskExecutorPreference(a marked queue) { async let; Task {}; Task.detached }: where each runs",
        onTime: ["async let on it; Task {} off it; detached off it"],
        because: "a task executor preference is inherited by structured children only; unstructured tasks start without one"
    ) {
        await withTaskExecutorPreference(MarkedQueueTaskExecutor()) {
            async let child = whereRunning()
            let task = await Task { whereRunning() }.value
            let detached = await Task.detached { whereRunning() }.value
            return "async let \(await child); Task {} \(task); detached \(detached)"
        }
    }

    /// Task-group children with `addTask(executorPreference:)` on a thread made for the work, stopped after.
    static let groupChildrenOnTaskExecutor = Program(
        "group-children-on-task-executor", "group.addTask(executorPreference: a thread TaskExecutor made for it) five times, each sleeping 1 ms",
        onTime: ["sum 15"],
        because: "each child runs on the preferred thread and gives its number after its sleep; the group waits for all five"
    ) {
        let executor = ThreadTaskExecutor(name: "batch")
        let sum = await withTaskGroup(of: Int.self) { group in
            for n in 1...5 {
                group.addTask(executorPreference: executor) {
                    try? await Task.sleep(for: .milliseconds(1))
                    return n
                }
            }
            return await group.reduce(0, +)
        }
        executor.stop()
        return "sum \(sum)"
    }
}
