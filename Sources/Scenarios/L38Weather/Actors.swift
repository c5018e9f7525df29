import Foundation

// Actor claims of lesson 38's cards that no subject covers: a dictionary actor, an isolated parameter, where an
// actor's methods run.

/// L38 card 4's actor: counts visits per city.
actor Visits {
    private var counts: [String: Int] = [:]

    func record(_ city: String) {
        counts[city, default: 0] += 1
    }

    /// The quiz's control: the same count, with an await between its read and its write.
    func recordSlowly(_ city: String) async {
        let seen = counts[city, default: 0]
        await Task.yield()
        counts[city] = seen + 1
    }

    func count(_ city: String) -> Int {
        counts[city, default: 0]
    }
}

/// L38 card 4: a thousand tasks record a visit at once, and not one is lost.
/// `.wrong`, the quiz's control: each visit is recorded with an await between read and write.
nonisolated(nonsending) public func visitsRecorded(_ shape: LessonShape = .lesson) async -> Int {
    let wrong = shape == .wrong
    let visits = Visits()
    await withTaskGroup(of: Void.self) { group in
        for _ in 1...1000 {
            group.addTask { wrong ? await visits.recordSlowly("Seattle") : await visits.record("Seattle") }
        }
    }
    return await visits.count("Seattle")
}

/// L38 actors Q5's actor: asks where its method runs.
actor ThreadAsker {
    func here() -> (Bool, Bool) {
        (onMainThread(), onMainQueue())
    }
}

/// Where an actor's method ran.
public struct ActorPlace: Sendable, Hashable {
    public var onMainThread: Bool, onMainQueue: Bool
}

/// L38 actors Q5: an actor's method runs on the shared pool, not the main thread.
/// `.wrong`, the quiz's control: the same question asked on the main actor.
@MainActor public func actorMethodPlace(_ shape: LessonShape = .lesson) async -> ActorPlace {
    let wrong = shape == .wrong
    let (thread, queue) = wrong ? (onMainThread(), onMainQueue()) : await ThreadAsker().here()
    return ActorPlace(onMainThread: thread, onMainQueue: queue)
}
