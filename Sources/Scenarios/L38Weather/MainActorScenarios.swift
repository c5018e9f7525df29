import ConcurrencyProofsSubjects

// Lesson 38: the main actor from elsewhere — MainActor.run, @concurrent work, a task group's children, a nonsending
// function's assertion.

/// L38 card 6's screen.
@MainActor final class Screen {
    var title = "Trips"
}

/// What L38 card 6's lines saw: whether they ran on the main queue (the main actor's executor), and the title after.
public struct RenamedScreen: Sendable, Hashable {
    public var linesOnMainQueue: Bool, title: String
}

/// Renames the screen from the pool, with a hop to the main actor; the lines say which queue they ran on.
/// `hop` false, the quiz's control: the same question asked where the @concurrent code is, with no `MainActor.run`
/// (there the lines cannot touch the screen at all: the compiler refuses it).
@concurrent func rename(_ screen: Screen, hop: Bool) async -> Bool {
    guard hop else { return onMainQueue() }
    return await MainActor.run {
        screen.title = "Weather"
        return onMainQueue()
    }
}

/// The same question asked with no hop in a function that is not `@concurrent`: `nonisolated(nonsending)`, it stays
/// on its caller's actor.
nonisolated(nonsending) func stayWithTheCaller() async -> Bool {
    onMainQueue()
}

/// L38 card 6: a few lines run on the main actor from code that is not on it, with `await MainActor.run`.
/// `.noHop`, the quiz's control: the lines without the hop, run on the pool. `.nonsendingNoHop`: the same lines with
/// no hop in a function that is not `@concurrent`, which stays on the main actor.
@MainActor public func renameScreen(_ shape: RenameShape = .hop) async -> RenamedScreen {
    let screen = Screen()
    let onMain: Bool
    switch shape {
    case .hop: onMain = await rename(screen, hop: true)
    case .noHop: onMain = await rename(screen, hop: false)
    case .nonsendingNoHop: onMain = await stayWithTheCaller()
    }
    return RenamedScreen(linesOnMainQueue: onMain, title: screen.title)
}

/// How the renaming lines reach the main actor.
public enum RenameShape: String, CaseIterable, Sendable, Decodable {
    /// With `await MainActor.run` (the lesson).
    case hop
    /// With no hop, the control: the lines run on the pool.
    case noHop
    /// With no hop, in a `nonisolated(nonsending)` function instead of a `@concurrent` one: the lines stay on the
    /// caller's actor, the main actor.
    case nonsendingNoHop
}

/// Where @concurrent work ran.
public struct ConcurrentWork: Sendable, Hashable {
    public var ranOffMainThread: Bool, ranOnMainQueue: Bool, isolation: String
}

/// L38 card 7's work: @concurrent, so off the main actor whoever calls it.
@concurrent func work() async -> ConcurrentWork {
    ConcurrentWork(ranOffMainThread: !onMainThread(), ranOnMainQueue: onMainQueue(), isolation: whereAmI())
}

/// L38 card 7: called from the main actor, the work runs off it.
/// The same work, on the main actor: the quiz's control.
@MainActor func workOnMain() -> ConcurrentWork {
    ConcurrentWork(ranOffMainThread: !onMainThread(), ranOnMainQueue: onMainQueue(), isolation: whereAmI())
}

/// `.mainActor`, the quiz's control: the work is @MainActor, not @concurrent.
@MainActor public func concurrentWork(_ shape: WorkShape = .concurrent) async -> ConcurrentWork {
    let mainActor = shape == .mainActor
    return mainActor ? workOnMain() : await work()
}

/// How card 7's work is marked.
public enum WorkShape: String, CaseIterable, Sendable, Decodable {
    /// `@concurrent` (the lesson).
    case concurrent
    /// `@MainActor`, the control.
    case mainActor
}

/// Where a @MainActor strip's group children ran, and where a Task { } made in the same place runs.
public struct GroupChildren: Sendable, Hashable {
    public var childrenOnMainThread: [Bool], childrenOnMainQueue: [Bool], childIsolation: [String], taskIsolation: String
}

/// L38 card 20: `strip()` says @MainActor, and its group's three children start on the pool.
/// `.mainActorChildren`, the quiz's control: the children are `@MainActor` closures.
@MainActor public func stripGroupChildren(_ shape: GroupChildShape = .plainChildren) async -> GroupChildren {
    let mainActorChildren = shape == .mainActorChildren
    var threads: [Bool] = [], queues: [Bool] = [], places: [String] = []
    await withTaskGroup(of: (Bool, Bool, String).self) { group in
        for _ in 0..<3 {
            if mainActorChildren {
                group.addTask { @MainActor in (onMainThread(), onMainQueue(), whereAmI()) }
            } else {
                group.addTask { (onMainThread(), onMainQueue(), whereAmI()) }
            }
        }
        for await (thread, queue, place) in group {
            threads.append(thread)
            queues.append(queue)
            places.append(place)
        }
    }
    let task = await Task { whereAmI() }.value
    return GroupChildren(childrenOnMainThread: threads, childrenOnMainQueue: queues, childIsolation: places,
                         taskIsolation: task)
}

/// How `strip()`'s group children are written.
public enum GroupChildShape: String, CaseIterable, Sendable, Decodable {
    /// Plain closures, which start on the pool (the lesson).
    case plainChildren
    /// `@MainActor` closures, the control.
    case mainActorChildren
}

/// Swift 6.2's default for a nonisolated async function, written out: it stays on its caller's actor, so the
/// check passes. The answer is the main queue's, observed — `assertIsolated` alone does nothing in `-O` builds.
nonisolated(nonsending) func whereAmINonsending() async -> String {
    MainActor.assertIsolated("not on the main actor")
    return onMainQueue() ? "on the main actor" : "off the main actor"
}

/// The same function compiled the old way (a plain nonisolated async function goes to the pool), without the
/// assertion that would stop the program there: the quiz's control.
nonisolated func whereAmIPlain() async -> String {
    onMainQueue() ? "on the main actor" : "off the main actor"
}

/// L38 actors Q7: called from the main actor, the nonsending function is on the main actor. `.plainNonisolated`, the
/// quiz's control: the plain nonisolated function, which leaves it.
@MainActor public func nonsendingAssertion(_ shape: NonsendingShape = .nonsending) async -> String {
    let plainNonisolated = shape == .plainNonisolated
    return plainNonisolated ? await whereAmIPlain() : await whereAmINonsending()
}

/// How the asserting function is compiled.
public enum NonsendingShape: String, CaseIterable, Sendable, Decodable {
    /// `nonisolated(nonsending)`, the lesson's today: it stays on its caller's actor.
    case nonsending
    /// Plain `nonisolated`, the control: it leaves the main actor.
    case plainNonisolated
}
