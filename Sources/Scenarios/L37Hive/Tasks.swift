import Synchronization
import Subjects

// Lessons 37 and 38 on tasks: what Task { }, Task.detached, async let and task groups inherit, start and wait for.

/// Where each of the three ran, from main-actor code: Task { }, Task { } written out by hand, Task.detached.
public struct TaskAndDetached: Sendable, Hashable {
    public var task: String, byHand: String, detached: String
    public var taskOnMainThread: Bool, detachedOnMainThread: Bool
    public var taskOnMainQueue: Bool, detachedOnMainQueue: Bool
    /// Whether the hand-written Task { } ran its body on the main queue: a run-time fact, where `byHand` (from
    /// `#isolation`) is fixed at compile time.
    public var byHandOnMainQueue: Bool
}

/// L37 card 20 and Q9, L38 actors Q4: Task { } takes its creator's actor; Task.detached takes none; Task { } by
/// hand is a detached task that hops to its creator's actor first.
/// `.swapped`, the control: Task.detached where the lesson has Task { }, and the other way round, with a hand-written
/// task that does not hop.
@MainActor public func taskAndDetached(_ shape: SwapShape = .lesson) async -> TaskAndDetached {
    let swapped = shape == .swapped
    let task = swapped ? await Task.detached { (whereAmI(), onMainThread(), onMainQueue()) }.value
        : await Task { (whereAmI(), onMainThread(), onMainQueue()) }.value
    let byHand = await Task.detached(priority: Task.currentPriority) {
        swapped ? (whereAmI(), onMainQueue()) : await MainActor.run { (whereAmI(), onMainQueue()) }
    }.value
    let detached = swapped ? await Task { (whereAmI(), onMainThread(), onMainQueue()) }.value
        : await Task.detached { (whereAmI(), onMainThread(), onMainQueue()) }.value
    return TaskAndDetached(task: task.0, byHand: byHand.0, detached: detached.0, taskOnMainThread: task.1,
                           detachedOnMainThread: detached.1, taskOnMainQueue: task.2, detachedOnMainQueue: detached.2,
                           byHandOnMainQueue: byHand.1)
}

/// A task-local value, to see who inherits it.
public enum Hive {
    /// The hive's name, set around the code that makes the tasks.
    @TaskLocal public static var name: String?
}

/// What Task { } and Task.detached inherit from main-actor code with a priority and a task-local value.
public struct Inheritance: Sendable, Hashable {
    public var taskIsolation: String, taskTaskLocal: String, taskPriorityIsCallers: Bool
    public var detachedIsolation: String, detachedTaskLocal: String, detachedPriorityIsCallers: Bool
    public var value: Int
}

/// Makes a Task { } and a Task.detached from main-actor code, and asks each what it got.
///
/// Priorities are base priorities: awaiting a task's value escalates it to the awaiter's priority, which would hide
/// what it was given.
@MainActor func makeBoth(_ shape: SwapShape) async -> Inheritance {
    let swapped = shape == .swapped
    let callers = Task.basePriority
    let task = swapped ? await Task.detached { (whereAmI(), Hive.name ?? "none", Task.basePriority) }.value
        : await Task { (whereAmI(), Hive.name ?? "none", Task.basePriority) }.value
    let detached = swapped ? await Task { (whereAmI(), Hive.name ?? "none", Task.basePriority, 42) }.value
        : await Task.detached { (whereAmI(), Hive.name ?? "none", Task.basePriority, 42) }.value
    return Inheritance(taskIsolation: task.0, taskTaskLocal: task.1, taskPriorityIsCallers: task.2 == callers,
                       detachedIsolation: detached.0, detachedTaskLocal: detached.1,
                       detachedPriorityIsCallers: detached.2 == callers, value: detached.3)
}

/// L37 card 8, the Q&A seed, the architecture seed: Task { } inherits actor, priority and task-local values;
/// Task.detached inherits none of them. Run from a high-priority main-actor task with `Hive.name` set. `.swapped`,
/// the control: each made the other way.
nonisolated(nonsending) public func detachedInheritsNothing(_ shape: SwapShape = .lesson) async -> Inheritance {
    await Task(priority: .high) { @MainActor in
        await Hive.$name.withValue("hive") {
            await makeBoth(shape)
        }
    }.value
}

/// The Task value: its type, its size, its value, and whether a copy reaches the same task.
public struct TaskValue: Sendable, Hashable {
    public var type: String, size: Int, value: Int, copyCancelReachesTask: Bool
}

/// L37 card 9: `Task { 42 }` is a pointer — eight bytes — and cancelling a copy cancels the task. `wrong`, the
/// control: what is cancelled is another task, not a copy.
nonisolated(nonsending) public func taskValue(_ shape: LessonShape = .lesson) async -> TaskValue {
    let wrong = shape == .wrong
    let task = Task { 42 }
    let sleeper = Task {
        try? await Task.sleep(for: .seconds(1))
        return Task.isCancelled
    }
    let copy = wrong ? Task { try? await Task.sleep(for: .seconds(1)); return Task.isCancelled } : sleeper
    copy.cancel()
    return TaskValue(type: "\(type(of: task))", size: MemoryLayout.size(ofValue: task), value: await task.value,
                     copyCancelReachesTask: await sleeper.value)
}

/// A task group's children, as added and as they came back.
public struct GroupOrder: Sendable, Hashable {
    public var added: [String], back: [String], allFinishedBeforeReturn: Bool
}

/// L37 card 10: children added Ada, Bea, Cia come back in the order they finish, and the group returns only
/// when all have. Ada naps 30 ms, Bea 10 ms, Cia 20 ms. `.wrong`, the control: the children are tasks awaited in
/// the order they were made.
nonisolated(nonsending) public func groupFinishOrder(_ shape: LessonShape = .lesson) async -> GroupOrder {
    let wrong = shape == .wrong
    let bees = [("Ada", 30), ("Bea", 10), ("Cia", 20)]
    let finished = Shared(0)
    var added: [String] = []
    var back: [String] = []
    if wrong {
        let tasks = bees.map { bee, ms in
            Task {
                try? await Task.sleep(for: .milliseconds(ms))
                finished.update { $0 += 1 }
                return bee
            }
        }
        added = bees.map(\.0)
        for task in tasks { back.append(await task.value) }
        return GroupOrder(added: added, back: back, allFinishedBeforeReturn: finished.value == bees.count)
    }
    await withTaskGroup(of: String.self) { group in
        for (bee, ms) in bees {
            group.addTask {
                try? await Task.sleep(for: .milliseconds(ms))
                finished.update { $0 += 1 }
                return bee
            }
            added.append(bee)
        }
        for await bee in group {
            back.append(bee)
        }
    }
    return GroupOrder(added: added, back: back, allFinishedBeforeReturn: finished.value == bees.count)
}

/// Three visits started with async let.
public struct ThreeAtOnce: Sendable, Hashable {
    public var results: [String], peakInFlight: Int, elapsedMs: Int
}

/// One visit: `ms` at a flower, counted in flight meanwhile.
nonisolated(nonsending) func visit(_ name: String, for ms: Int, suffix: String, _ flight: OverlapMeter) async -> String {
    flight.enter()
    try? await Task.sleep(for: .milliseconds(ms))
    flight.leave()
    return name + suffix
}

/// L37 card 3, L38 card 1, the architecture seed: three async let visits run at the same time; one await
/// collects them. `names` is comma-separated.
/// `oneAfterAnother`: the control, three awaits in a row instead of three `async let`s.
nonisolated(nonsending) public func threeAtOnce(ms: Int, names: String, suffix: String, oneAfterAnother: Bool = false)
    async -> ThreeAtOnce
{
    let three = names.split(separator: ",").map(String.init) + ["", "", ""]
    let flight = OverlapMeter()
    let start = scenarioMilliseconds()
    if oneAfterAnother {
        var results: [String] = []
        for name in three.prefix(3) { results.append(await visit(name, for: ms, suffix: suffix, flight)) }
        return ThreeAtOnce(results: results, peakInFlight: flight.mostAtOnce, elapsedMs: scenarioMilliseconds() - start)
    }
    async let first = visit(three[0], for: ms, suffix: suffix, flight)
    async let second = visit(three[1], for: ms, suffix: suffix, flight)
    async let third = visit(three[2], for: ms, suffix: suffix, flight)
    let results = await [first, second, third]
    return ThreeAtOnce(results: results, peakInFlight: flight.mostAtOnce, elapsedMs: scenarioMilliseconds() - start)
}

/// A visit that fails.
nonisolated(nonsending) func failingVisit() async throws -> String {
    try await Task.sleep(for: .milliseconds(10))
    throw QuizOffline()
}

/// A visit that succeeds after `ms`.
nonisolated(nonsending) func fineVisit(_ name: String, after ms: Int) async throws -> String {
    try await Task.sleep(for: .milliseconds(ms))
    return name
}

/// The architecture seed: the single `try await` over three async lets catches the one that throws. `wrong`, the
/// control: the three all succeed.
nonisolated(nonsending) public func threeAtOnceOneThrows(_ shape: LessonShape = .lesson) async -> String {
    let wrong = shape == .wrong
    do {
        async let products = fineVisit("products", after: 20)
        async let toppings = wrong ? fineVisit("toppings", after: 10) : failingVisit()
        // Not due at the moment the error surfaces: a child cancelled in the same instant its sleep ends leaves the
        // harness a stray job (reported to the lead), which is not what this claim is about.
        async let crusts = fineVisit("crusts", after: 40)
        _ = try await [products, toppings, crusts]
        return "nothing thrown"
    } catch {
        return "\(error)"
    }
}

/// How long the async let line took, how long its read took, and what it read.
public struct LineAndRead: Sendable, Hashable {
    public var lineTookMs: Int, readTookMs: Int, value: String
}

/// A one-second errand that reports whether it was cancelled.
nonisolated(nonsending) func errand() async -> String {
    do {
        try await Task.sleep(for: .seconds(1))
        return "done"
    } catch {
        return "cancelled"
    }
}

/// L37 card 17: `async let x = errand()` costs nothing by itself; `await x` waits while the slot is empty.
/// `.wrong`, the control: `let x = await errand()` on the line.
nonisolated(nonsending) public func asyncLetLineAndRead(_ shape: LessonShape = .lesson) async -> LineAndRead {
    let wrong = shape == .wrong
    let before = scenarioMilliseconds()
    if wrong {
        let x = await errand()
        let lineTook = scenarioMilliseconds() - before
        return LineAndRead(lineTookMs: lineTook, readTookMs: scenarioMilliseconds() - before - lineTook, value: x)
    }
    async let x = errand()
    let lineTook = scenarioMilliseconds() - before
    let value = await x
    return LineAndRead(lineTookMs: lineTook, readTookMs: scenarioMilliseconds() - before - lineTook, value: value)
}

/// The lines of L38 card 12, and when the child started.
public struct AsyncLetStart: Sendable, Hashable {
    public var events: [String], childStartedAtMs: Int
}

/// L38 card 12: the child of an async let starts at the declaration. The parent does 100 ms of other awaited work
/// before it says "about to await" (on one thread a child cannot print before its parent suspends). `wrong`, the
/// control: the work is a closure called at the await, not a child started at the declaration.
nonisolated(nonsending) public func asyncLetStartsAtDeclaration(_ shape: LessonShape = .lesson) async -> AsyncLetStart {
    let wrong = shape == .wrong
    let log = EventLog()
    let started = Shared(-1)
    @Sendable nonisolated(nonsending) func seattle() async -> String {
        log.record("started Seattle")
        started.update { $0 = scenarioMilliseconds() }
        try? await Task.sleep(for: .milliseconds(300))
        return "Seattle"
    }
    let answer: String
    if wrong {
        try? await Task.sleep(for: .milliseconds(100))
        log.record("about to await")
        answer = await seattle()
    } else {
        async let child = seattle()
        try? await Task.sleep(for: .milliseconds(100))
        log.record("about to await")
        answer = await child
    }
    log.record("got \(answer)")
    return AsyncLetStart(events: log.entries, childStartedAtMs: started.value)
}

/// L38 card 13: a child throws, the body never reads the results — the group does not throw. (The body cannot
/// throw, so the call needs no `try`: the compiler's warning on the lesson's `try` says the same.) `wrong`, the
/// control: the body reads one result.
nonisolated(nonsending) public func throwingGroupUnread(_ shape: LessonShape = .lesson) async -> String {
    let wrong = shape == .wrong
    do {
        return try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { throw QuizOffline() }
            if wrong { _ = try await group.next() }
            return "the body returned"
        }
    } catch {
        return "the group threw \(error)"
    }
}

/// The lesson's `weather(_:after:)`: an answer after `seconds`.
nonisolated(nonsending) func weather(_ city: String, after seconds: Double) async throws -> String {
    try await Task.sleep(for: .milliseconds(Int(seconds * 1000)))
    return "\(city): fine"
}

/// L38 card 2: a throwing group's results come in the order the children finish. `.wrong`, the control: tasks awaited
/// in the order they were made.
nonisolated(nonsending) public func throwingGroupOrder(_ shape: LessonShape = .lesson) async throws -> [String] {
    let wrong = shape == .wrong
    if wrong {
        let tasks = [("Seattle", 0.6), ("Vancouver", 0.2), ("Bergen", 0.4)].map { city, seconds in
            Task { try await weather(city, after: seconds) }
        }
        var answers: [String] = []
        for task in tasks { answers.append(try await task.value) }
        return answers
    }
    return try await withThrowingTaskGroup(of: String.self) { group in
        for (city, seconds) in [("Seattle", 0.6), ("Vancouver", 0.2), ("Bergen", 0.4)] {
            group.addTask { try await weather(city, after: seconds) }
        }
        var answers: [String] = []
        for try await answer in group {
            answers.append(answer)
        }
        return answers
    }
}

/// An object whose method starts a Task { } that uses self.
final class Loader: Sendable {
    let log: EventLog

    init(_ log: EventLog) {
        self.log = log
    }

    deinit {
        log.record("the loader freed")
    }

    /// Starts a task that holds `self` until it ends; `weakly`, the control: one that does not.
    func start(weakly: Bool = false) -> Task<Void, Never> {
        if weakly {
            let log = log
            return Task { [weak self] in
                try? await Task.sleep(for: .milliseconds(100))
                log.record(self == nil ? "the loader's task finished" : "the loader's task finished, holding it")
            }
        }
        return Task {
            try? await Task.sleep(for: .milliseconds(100))
            log.record("the loader's task finished")
        }
    }
}

/// L38 card 15: the task holds the object until it ends; then the object is freed.
/// `.wrong`, the control: the task holds the loader weakly.
nonisolated(nonsending) public func taskKeepsSelfAlive(_ shape: LessonShape = .lesson) async -> [String] {
    let wrong = shape == .wrong
    let log = EventLog()
    var loader: Loader? = Loader(log)
    let task = loader?.start(weakly: wrong)
    loader = nil
    log.record("the last reference is gone")
    await task?.value
    return log.entries
}

/// A thousand sleepers: how many finished, on how many threads, in how long.
public struct Sleepers: Sendable, Hashable {
    public var finished: Int, threads: Int, elapsedMs: Int
}

/// The Q&A seed: a suspended task holds no thread — a thousand tasks sleeping 100 ms each finish together.
/// `oneAfterAnother`, the quiz's control: the thousand sleep one after another, in one task.
nonisolated(nonsending) public func thousandSleepers(oneAfterAnother: Bool = false) async -> Sleepers {
    let start = scenarioMilliseconds()
    var threads = Set<UInt64>()
    var finished = 0
    if oneAfterAnother {
        for _ in 0..<1000 {
            try? await Task.sleep(for: .milliseconds(100))
            threads.insert(threadNumber())
            finished += 1
        }
        return Sleepers(finished: finished, threads: threads.count, elapsedMs: scenarioMilliseconds() - start)
    }
    await withTaskGroup(of: UInt64.self) { group in
        for _ in 0..<1000 {
            group.addTask {
                try? await Task.sleep(for: .milliseconds(100))
                return threadNumber()
            }
        }
        for await thread in group {
            threads.insert(thread)
            finished += 1
        }
    }
    return Sleepers(finished: finished, threads: threads.count, elapsedMs: scenarioMilliseconds() - start)
}

/// The same high-priority parent with the two properties removed: detached tasks where the children are (they
/// inherit nothing), and the low task's answer waited for through a continuation instead of `task.value`, which no
/// priority can flow through. Each task hands its reading back through a continuation, so nothing awaits a task.
nonisolated(nonsending) func priorityWithoutInheritance() async -> PriorityInheritance {
    let standIn = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        Task.detached { continuation.resume(returning: name(of: Task.currentPriority)) }
    }
    let groupStandIn = await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
        Task.detached { continuation.resume(returning: name(of: Task.currentPriority)) }
    }
    let (before, after) = await withCheckedContinuation { (continuation: CheckedContinuation<(String, String), Never>) in
        Task(priority: .low) {
            let before = name(of: Task.currentPriority)
            // As long as the lesson's shape waits for the raise, at most: 200 ms here, since nothing can raise it.
            for _ in 0..<20 where Task.currentPriority == .low {
                try? await Task.sleep(for: .milliseconds(10))
            }
            continuation.resume(returning: (before, name(of: Task.currentPriority)))
        }
    }
    return PriorityInheritance(asyncLetChild: standIn, groupChild: groupStandIn, lowBeforeAwait: before, escalated: after)
}

/// Priorities as the Q&A seed names them.
public struct PriorityAliases: Sendable, Hashable {
    public var highIsUserInitiated: Bool, lowIsUtility: Bool
}

/// The Q&A seed: `.high` is `.userInitiated`, `.low` is `.utility`.
public func priorityAliases() -> PriorityAliases {
    PriorityAliases(highIsUserInitiated: TaskPriority.high == .userInitiated, lowIsUtility: TaskPriority.low == .utility)
}

/// What children inherit, and what escalation does.
public struct PriorityInheritance: Sendable, Hashable {
    public var asyncLetChild: String, groupChild: String, lowBeforeAwait: String, escalated: String
}

/// `high`, `low`, …: a priority's name.
func name(of priority: TaskPriority) -> String {
    switch priority {
    case .high: "high"
    case .medium: "medium"
    case .low: "low"
    case .background: "background"
    default: "\(priority.rawValue)"
    }
}

/// The current task's priority, asked by a child.
nonisolated(nonsending) func currentPriorityName() async -> String {
    name(of: Task.currentPriority)
}

/// The Q&A seed: async let and group children inherit the parent's priority; a high-priority task awaiting a
/// low-priority one raises it (the low task reads its priority before and after it is awaited).
/// `.wrong`, the quiz's control: `priorityWithoutInheritance()` — no children, and nobody awaiting the low task.
nonisolated(nonsending) public func priorityInheritance(_ shape: LessonShape = .lesson) async -> PriorityInheritance {
    let wrong = shape == .wrong
    return await Task(priority: .high) {
        if wrong { return await priorityWithoutInheritance() }
        async let child = currentPriorityName()
        let fromGroup = await withTaskGroup(of: String.self) { group in
            group.addTask { name(of: Task.currentPriority) }
            return await group.next() ?? ""
        }
        // The low task says when it has read its priority; waiting on a stream raises nobody.
        let (hasRead, said) = AsyncStream<Void>.makeStream()
        let low = Task(priority: .low) { () -> (String, String) in
            let before = name(of: Task.currentPriority)
            said.finish()
            // Until someone raises it, up to a second: a fixed wait would lose to a parent that is late to await on
            // a loaded machine.
            for _ in 0..<100 where Task.currentPriority == .low {
                try? await Task.sleep(for: .milliseconds(10))
            }
            return (before, name(of: Task.currentPriority))
        }
        // Only once the low task has read its priority does anyone await it: a fixed 20 ms wait once lost to a
        // loaded machine, which started the low task after the await had already raised it.
        for await _ in hasRead {}
        let (before, escalated) = await low.value
        return PriorityInheritance(asyncLetChild: await child, groupChild: fromGroup, lowBeforeAwait: before,
                                   escalated: escalated)
    }.value
}
