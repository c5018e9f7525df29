/// The lesson's function with `nil` where `#isolation` was: the default no longer names the caller's actor.
func whereAmI(_ isolation: isolated (any Actor)? = nil) -> String {
    isolation.map { "\(type(of: $0))" } ?? "no actor"
}

/// Main-actor code: a synchronous call to a function isolated to some other actor (here, none) is an error.
@MainActor func fromMainActor() -> String {
    whereAmI()
}
