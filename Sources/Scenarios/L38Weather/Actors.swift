import Foundation

// Where an actor's methods run (lesson 38, actors question 5): a claim no subject covers.

/// L38 actors Q5's actor: asks where its method runs.
actor ThreadAsker {
    func here() -> (Bool, Bool, String) {
        (onMainThread(), onMainQueue(), currentQueueLabel())
    }
}

/// Where an actor's method ran: the main thread or not, the main queue or not, and the label of the dispatch queue
/// that ran it (the shared pool's, for an actor on the default executor).
public struct ActorPlace: Sendable, Hashable {
    public var onMainThread: Bool, onMainQueue: Bool, queue: String
}

/// L38 actors Q5: an actor's method runs on the shared pool, not the main thread.
/// `.onTheMainActor`, the quiz's control: the same question asked on the main actor.
@MainActor public func actorMethodPlace(_ shape: ActorPlaceShape = .inTheActor) async -> ActorPlace {
    let onTheMainActor = shape == .onTheMainActor
    let (thread, mainQueue, label) = onTheMainActor ? (onMainThread(), onMainQueue(), currentQueueLabel())
        : await ThreadAsker().here()
    return ActorPlace(onMainThread: thread, onMainQueue: mainQueue, queue: label)
}

/// Where the question "which thread am I on?" is asked.
public enum ActorPlaceShape: String, CaseIterable, Sendable, Decodable {
    /// In an actor's method (the lesson).
    case inTheActor
    /// On the main actor, the control.
    case onTheMainActor
}
