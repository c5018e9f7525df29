// TEMPORARY: issue 2's `whereAmI` (Sources/Subjects/WhereAmI.swift on the reentrancy branch) is not on main yet.
// This file is deleted as soon as it is; nothing else here defines it.

/// The actor this call is on: "MainActor", an actor's type name, or "no actor".
func whereAmI(_ isolation: isolated (any Actor)? = #isolation) -> String {
    isolation.map { "\(type(of: $0))" } ?? "no actor"
}
