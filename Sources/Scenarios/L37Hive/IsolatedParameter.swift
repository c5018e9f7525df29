import ConcurrencyProofsSubjects

// Lesson 37, cards 6 and 19: "isolated on the parameter makes the function run on whatever actor it is handed". The
// lesson's `whereAmI` answers with a name fixed when compiling; these read, at run time, where the function ran when
// a caller on the pool handed it the main actor, or an actor whose executor is a thread of its own.

/// The lesson's function with an isolated parameter, reporting where it ran: the main queue or another, and the name
/// of the thread.
func placeWhenHanded(_ isolation: isolated (any Actor)?) -> (queue: String, thread: String) {
    (queuePlace(), currentThreadName())
}

/// The same function with the parameter not `isolated`, the control: it runs where its caller is.
func placeWhenHandedPlainly(_ isolation: (any Actor)?) -> (queue: String, thread: String) {
    (queuePlace(), currentThreadName())
}

/// Where the function ran, handed each of three isolations by a caller on the pool.
public struct IsolatedParameterPlaces: Sendable, Hashable {
    /// Handed `MainActor.shared`: "the main queue" or "another queue".
    public var handedTheMainActor: String
    /// Handed an actor whose executor is a thread named "hive.jar": the name of the thread it ran on.
    public var handedAnActorOfItsOwn: String
    /// Handed nil: on no actor, so where its caller is.
    public var handedNil: String
}

/// Calls the function from the pool, handing it the main actor, an actor on a thread of its own, then nil.
/// `.plainParameter`, the control: the same calls to the function whose parameter is not `isolated`.
@concurrent public func isolatedParameterPlaces(_ shape: ParameterShape = .isolated) async -> IsolatedParameterPlaces {
    let jar = JarOnItsOwnThread()
    switch shape {
    case .isolated:
        return IsolatedParameterPlaces(handedTheMainActor: await placeWhenHanded(MainActor.shared).queue,
                                       handedAnActorOfItsOwn: await placeWhenHanded(jar).thread,
                                       handedNil: placeWhenHanded(nil).queue)
    case .plainParameter:
        return IsolatedParameterPlaces(handedTheMainActor: placeWhenHandedPlainly(MainActor.shared).queue,
                                       handedAnActorOfItsOwn: placeWhenHandedPlainly(jar).thread,
                                       handedNil: placeWhenHandedPlainly(nil).queue)
    }
}

/// How the function's parameter is declared.
public enum ParameterShape: String, CaseIterable, Sendable, Decodable {
    /// `_ isolation: isolated (any Actor)?` (the lesson).
    case isolated
    /// `_ isolation: (any Actor)?`, not isolated, the control.
    case plainParameter
}
