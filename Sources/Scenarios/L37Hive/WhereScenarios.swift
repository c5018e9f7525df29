import ConcurrencyProofsSubjects

/// Lesson 37, step 8: `whereAmI()` asked from main-actor code. Answers "MainActor".
@MainActor
public func whereIsHere() -> String {
    whereAmI()
}

/// Lesson 37, step 8: `whereAmI()` asked from the pool — a `@concurrent` function is on no actor. Answers "no actor".
@concurrent
public func whereIsThePool() async -> String {
    whereAmI()
}

/// Lesson 37, step 8: where each of them is, asked from the main actor, and — written out beside each answer — what
/// `#isolation` filled in to get it. Answers the lesson's console line:
/// `here: MainActor, pool: no actor, jar: the jar is on Jar; written out: ("MainActor", "no actor", "Jar")`.
@MainActor
public func whereIsEveryone(_ jar: Jar) async -> String {
    let fromHere = whereAmI()                       // #isolation → MainActor.shared
    let fromThePool = await whereIsThePool()        // #isolation → nil
    let fromTheJar = await jar.whereIsTheJar()      // #isolation → the jar
    let writtenOut = (whereAmI(MainActor.shared), whereAmI(nil), await whereAmI(jar))
    return "here: \(fromHere), pool: \(fromThePool), jar: \(fromTheJar); written out: \(writtenOut)"
}
