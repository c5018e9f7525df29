import ConcurrencyProofsSubjects

/// Lesson 37 step 5's three bees, sent in `shape`.
nonisolated(nonsending) func sendThree(_ shape: BeesShape, ada: Duration, bea: Duration, cia: Duration) async -> [String] {
    switch shape {
    case .asyncLet: await Bees.sendThree(ada: ada, bea: bea, cia: cia)
    case .taskGroup: await Bees.sendThreeByHand(ada: ada, bea: bea, cia: cia)
    case .oneAfterAnother: await BeesInTurn.sendThree(ada: ada, bea: bea, cia: cia)
    case .unstructuredTasks: await UnstructuredBees.sendThree(ada: ada, bea: bea, cia: cia)
    }
}

/// What three bees brought home, and how long the trip took.
public struct BeesTrip: Sendable, Hashable {
    public var results: [String], elapsedMs: Int
}

/// Lesson 37 step 5, "Send three bees": Ada, Bea and Cia sent at once (1, 3.5 and 6 s at their flowers). The lesson
/// printed all three back after 6.1 s — "six seconds, not ten and a half": the three ran at the same time.
nonisolated(nonsending) public func threeBeesOut(
    _ shape: BeesShape = .asyncLet,
    ada: Duration = .milliseconds(1000), bea: Duration = .milliseconds(3500), cia: Duration = .milliseconds(6000)
) async -> BeesTrip {
    let start = scenarioMilliseconds()
    let results = await Task { await sendThree(shape, ada: ada, bea: bea, cia: cia) }.value
    return BeesTrip(results: results, elapsedMs: scenarioMilliseconds() - start)
}

/// Lesson 37 step 5: three bees sent in `shape` (flights of `ada`, `bea` and `cia`), and "Call them home" —
/// `cancel()` on the trip's task — after `callHomeAfter`. The lesson printed "Ada back from the 🌻; Bea called home
/// from the 🌸; Cia called home from the 🌷", 2.6 s: one cancel reached every child still out.
nonisolated(nonsending) public func threeBeesCalledHome(
    ada: Duration = .milliseconds(1000), bea: Duration = .milliseconds(3500), cia: Duration = .milliseconds(6000),
    callHomeAfter: Duration = .milliseconds(2500), shape: BeesShape = .asyncLet
) async -> BeesTrip {
    let start = scenarioMilliseconds()
    let trip = Task { await sendThree(shape, ada: ada, bea: bea, cia: cia) }
    try? await Task.sleep(for: callHomeAfter)
    trip.cancel()
    let results = await trip.value
    return BeesTrip(results: results, elapsedMs: scenarioMilliseconds() - start)
}

/// How the three bees are sent.
public enum BeesShape: String, CaseIterable, Sendable, Decodable {
    /// Three `async let` children (`Bees.sendThree`, the lesson).
    case asyncLet
    /// A task group of three children (`Bees.sendThreeByHand`, the lesson's "written out").
    case taskGroup
    /// One after another in one task (`BeesInTurn`): the trip takes the sum of the visits.
    case oneAfterAnother
    /// Three `Task { }`s (`UnstructuredBees`): nobody's children, so no cancel reaches them.
    case unstructuredTasks
}
