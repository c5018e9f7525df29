import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// Lesson 37, step 6: `n` bees pour at once into one new jar, two drops each, as child tasks of one group. Returns the
/// drops in the jar: always `2 * n`, because `pour()` has no await between its read and its write.
@concurrent
public func concurrentPours(_ n: Int) async throws -> Int {
    try await pourAtOnce(n, "concurrentPours") { await $0.pour() }
}

/// Lesson 37, step 7: `n` bees pour slowly at once into one new jar (read, wait 10 ms, write what they saw + 1).
/// Returns the drops in the jar: far fewer than `n` — 1 when every bee reads before any comes back — because the jar
/// is free at the await, and every bee writes on top of what she saw before it.
@concurrent
public func concurrentSlowPours(_ n: Int) async throws -> Int {
    try await pourAtOnce(n, "concurrentSlowPours") { await $0.pourSlowly() }
}

/// `n` bees at once, each doing `pour` to one new jar, as child tasks of one group; the drops left in it.
/// The bees are named "bee 1"… and note when they go to the jar and what it holds when they are back: a
/// counterexample's timeline.
@concurrent
func pourAtOnce(_ n: Int, _ scenario: String, _ pour: @escaping @Sendable (Jar) async -> Void) async throws -> Int {
    try BadScenarioInput.require(n, atLeast: 1, "n", in: scenario)
    let jar = Jar()
    await withTaskGroup(of: Void.self) { group in
        for bee in 1...n {
            group.addTask(name: "bee \(bee)") {
                ScenarioLog.note("goes to the jar")
                await pour(jar)
                let drops = await jar.drops
                ScenarioLog.note("is back: the jar holds \(drops)")
            }
        }
    }
    return await jar.drops
}

/// Lesson 37, step 7, the other way round: `n` slow pours one after another, each awaited before the next starts.
/// Returns the drops: exactly `n`, because nobody else is in the jar while a bee is away.
@concurrent
public func slowPoursOneAfterAnother(_ n: Int) async throws -> Int {
    try BadScenarioInput.require(n, atLeast: 1, "n", in: "slowPoursOneAfterAnother")
    let jar = Jar()
    for _ in 0..<n {
        await jar.pourSlowly()
    }
    return await jar.drops
}

/// `n` bees pour at once into one new jar in `shape`: the quiz's jar scenarios and their controls, all through the
/// one `pourAtOnce`, so that the controls measure with the same code as the claims.
public func pours(_ n: Int, _ shape: PourShape) async throws -> Int {
    switch shape {
    case .pour: return try await pourAtOnce(n, "pours") { await $0.pour() }
    case .slowly: return try await pourAtOnce(n, "pours") { await $0.pourSlowly() }
    case .oneDropInOneStretch: return try await pourAtOnce(n, "pours") { await $0.pourOneDrop() }
    case .yielding:
        try BadScenarioInput.require(n, atLeast: 1, "n", in: "pours")
        return await yieldingPours(n)
    case .slowlyByHand, .byHandInOneJob:
        try BadScenarioInput.require(n, atLeast: 1, "n", in: "pours")
        return await byHandPours(n, inOneJob: shape == .byHandInOneJob)
    }
}

/// Lesson 37 card 18's jar, its slow pour written out by hand as the two jobs the actor runs: `startPour()` and
/// `finishPour(_:)`, with the wait between them spent off the jar.
actor JarByHand {
    /// The drops in the jar.
    private(set) var drops = 0

    /// Job 1, in the jar: look at it.
    func startPour() -> Int {
        drops
    }

    /// Job 2, in the jar again: one drop on top of what was seen.
    func finishPour(_ seen: Int) {
        drops = seen + 1
    }

    /// The card's `pourSlowlyByHand()`: job 1, a 10 ms wait in which anyone may pour, job 2.
    func pourSlowlyByHand() async {
        let seen = startPour()
        try? await Task.sleep(for: .milliseconds(10))
        finishPour(seen)
    }

    /// The two jobs as one, with no await between: the control.
    func pourInOneJob() {
        finishPour(startPour())
    }
}

/// `bees` tasks pour at once into one `JarByHand`, each by its two jobs with the wait between (or, `inOneJob`, both
/// jobs in one stretch); the drops left.
@concurrent
func byHandPours(_ bees: Int, inOneJob: Bool) async -> Int {
    let jar = JarByHand()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<bees { group.addTask { inOneJob ? await jar.pourInOneJob() : await jar.pourSlowlyByHand() } }
    }
    return await jar.drops
}

/// `bees` tasks pour into one `YieldingJar` at once; the drops left: `2 * bees` only when no bee comes between
/// another's read and write.
@concurrent
public func yieldingPours(_ bees: Int) async -> Int {
    let jar = YieldingJar()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<bees { group.addTask { await jar.pour() } }
    }
    return await jar.drops
}

/// How the bees pour into the jar.
public enum PourShape: String, CaseIterable, Sendable, Decodable {
    /// `pour()`: read, change, write, no await between (lesson 37, step 6).
    case pour
    /// `pourSlowly()`: read, await 10 ms, write (step 7).
    case slowly
    /// `pourOneDrop()`: `pourSlowly()`'s one drop, read and written with no await between (its cure).
    case oneDropInOneStretch
    /// `YieldingJar.pour()`: `pour()`'s two drops, the first with an await between its read and its write.
    case yielding
    /// `JarByHand.pourSlowlyByHand()`: the slow pour written out as two jobs of the jar, the wait between them.
    case slowlyByHand
    /// `JarByHand.pourInOneJob()`: the same two jobs run as one, with no await between (the by-hand twin's cure).
    case byHandInOneJob
}
