// L37-S06: lesson 37 step 8's console line, printed by the lesson's own code — whereAmI(), asked from the main actor,
// from a @concurrent function and from the jar, and written out with the argument #isolation filled in.

/// The lesson's function: `#isolation` fills in the caller's actor.
func whereAmI(_ isolation: isolated (any Actor)? = #isolation) -> String {
    isolation.map { "\(type(of: $0))" } ?? "no actor"
}

/// The jar: its own code asks where it is.
actor Jar {
    func whereIsTheJar() -> String {
        "the jar is on \(whereAmI())"
    }
}

/// Asked from the pool.
@concurrent func whereIsThePool() async -> String {
    whereAmI()
}

/// Step 8: where each of them is, asked from the main actor, and written out beside.
@MainActor func whereIsEveryone(_ jar: Jar) async -> String {
    let fromHere = whereAmI()
    let fromThePool = await whereIsThePool()
    let fromTheJar = await jar.whereIsTheJar()
    let writtenOut = (whereAmI(MainActor.shared), whereAmI(nil), await whereAmI(jar))
    return "here: \(fromHere), pool: \(fromThePool), jar: \(fromTheJar); written out: \(writtenOut)"
}

print(await whereIsEveryone(Jar()))
