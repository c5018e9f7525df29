/// The actor this call is on: "MainActor", the name of an actor of yours, or "no actor" (lesson 37, step 8).
///
/// `isolated` on the parameter makes the function run on whatever actor it is handed; `#isolation` as the default
/// fills in the caller's own actor at the call site, so `whereAmI()` with no argument answers for its caller.
public func whereAmI(_ isolation: isolated (any Actor)? = #isolation) -> String {
    isolation.map { "\(type(of: $0))" } ?? "no actor"
}
