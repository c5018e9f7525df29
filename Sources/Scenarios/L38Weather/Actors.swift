import Foundation

// Where an actor's methods run (lesson 38, actors question 5): a claim no subject covers.

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
/// `.onTheMainActor`, the quiz's control: the same question asked on the main actor.
@MainActor public func actorMethodPlace(_ shape: ActorPlaceShape = .inTheActor) async -> ActorPlace {
    let onTheMainActor = shape == .onTheMainActor
    let (thread, queue) = onTheMainActor ? (onMainThread(), onMainQueue()) : await ThreadAsker().here()
    return ActorPlace(onMainThread: thread, onMainQueue: queue)
}

/// Where the question "which thread am I on?" is asked.
public enum ActorPlaceShape: String, CaseIterable, Sendable, Decodable {
    /// In an actor's method (the lesson).
    case inTheActor
    /// On the main actor, the control.
    case onTheMainActor
}
