import Foundation

// Actor claims of lesson 38's cards that no subject covers: a dictionary actor, an isolated parameter, where an
// actor's methods run.

/// L38 card 4's actor: counts visits per city.
actor Visits {
    private var counts: [String: Int] = [:]

    func record(_ city: String) {
        counts[city, default: 0] += 1
    }

    func count(_ city: String) -> Int {
        counts[city, default: 0]
    }
}

/// L38 card 4: a thousand tasks record a visit at once, and not one is lost.
nonisolated(nonsending) public func visitsRecorded() async -> Int {
    let visits = Visits()
    await withTaskGroup(of: Void.self) { group in
        for _ in 1...1000 {
            group.addTask { await visits.record("Seattle") }
        }
    }
    return await visits.count("Seattle")
}

/// L38 card 8's actor.
actor AnswerCache {
    var answers: [String: String] = [:]
}

/// Fills the cache in one go: the isolated parameter puts the whole function on the cache's actor.
func fill(_ cache: isolated AnswerCache) {
    cache.answers["Seattle"] = "fine"
    cache.answers["Bergen"] = "rain"
}

/// The count, asked on the cache's actor.
func count(_ cache: isolated AnswerCache) -> Int {
    cache.answers.count
}

/// L38 card 8: one await at the call, and both answers are in.
nonisolated(nonsending) public func isolatedParameterFill() async -> Int {
    let cache = AnswerCache()
    await fill(cache)
    return await count(cache)
}

/// L38 actors Q5's actor: asks where its method runs.
actor ThreadAsker {
    func here() -> (Bool, Bool) {
        (onMainThread(), onMainQueue())
    }
}

/// Where an actor's method ran.
public struct ActorPlace: QuizObservable, Hashable {
    public var onMainThread: Bool, onMainQueue: Bool

    public var observed: Observation {
        ["onMainThread": .bool(onMainThread), "onMainQueue": .bool(onMainQueue)]
    }
}

/// L38 actors Q5: an actor's method runs on the shared pool, not the main thread.
@MainActor public func actorMethodPlace() async -> ActorPlace {
    let (thread, queue) = await ThreadAsker().here()
    return ActorPlace(onMainThread: thread, onMainQueue: queue)
}
