import Subjects

/// Lesson 37 step 5: three bees sent with `Bees.sendThree` (flights of `ada`, `bea` and `cia`), and "Call them home"
/// — `cancel()` on the trip's task — after `callHomeAfter`. The lesson printed "Ada back from the 🌻; Bea called home
/// from the 🌸; Cia called home from the 🌷": one cancel reached every child still out.
nonisolated(nonsending) public func threeBeesCalledHome(
    ada: Duration = .milliseconds(1000), bea: Duration = .milliseconds(3500), cia: Duration = .milliseconds(6000),
    callHomeAfter: Duration = .milliseconds(2500)
) async -> [String] {
    let trip = Task { await Bees.sendThree(ada: ada, bea: bea, cia: cia) }
    try? await Task.sleep(for: callHomeAfter)
    trip.cancel()
    return await trip.value
}
