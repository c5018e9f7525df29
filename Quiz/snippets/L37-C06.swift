// L37-C06: the card's whereAmI(), asked from main-actor code and from a @concurrent function, the two answers printed
// as the card shows them.

/// The card's function: the isolated parameter, with `#isolation` as its default.
func whereAmI(_ isolation: isolated (any Actor)? = #isolation) -> String {
    isolation.map { "\(type(of: $0))" } ?? "no actor"
}

/// Asked from main-actor code.
@MainActor func fromMainActor() -> String {
    whereAmI()
}

/// Asked from a @concurrent function.
@concurrent func fromConcurrent() async -> String {
    whereAmI()
}

print("\(fromMainActor()) / \(await fromConcurrent())")
