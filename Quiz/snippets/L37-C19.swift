/// The lesson's function: `#isolation` fills in the caller's actor.
func whereAmI(_ isolation: isolated (any Actor)? = #isolation) -> String {
    isolation.map { "\(type(of: $0))" } ?? "no actor"
}

/// Main-actor code: the call is `whereAmI(MainActor.shared)`.
@MainActor func fromMainActor() -> String {
    whereAmI()
}

/// A @concurrent function: the call is `whereAmI(nil)`.
@concurrent func fromConcurrent() async -> String {
    whereAmI()
}
