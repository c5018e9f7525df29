/// Lesson 37, step 5: three bees sent out at once with `async let`, and called home with one `cancel()` on the task
/// that sent them. Each bee only waits, so both functions are `nonisolated(nonsending)`: they run on whatever actor
/// sends them. Flight times are parameters (the lesson's 1, 3.5 and 6 seconds are the defaults) so that a run in real
/// time can be short.
public enum Bees {
    /// One bee's errand: so long at a flower, then back — unless she is called home first (her sleep throws).
    nonisolated(nonsending) public static func visit(_ bee: String, _ flower: String, for time: Duration) async
        -> String
    {
        do {
            try await Task.sleep(for: time)
            return "\(bee) back from the \(flower)"
        } catch {
            return "\(bee) called home from the \(flower)"
        }
    }

    /// Three bees at once: three child tasks. They end with this function, and are cancelled with its task.
    nonisolated(nonsending) public static func sendThree(
        ada: Duration = .milliseconds(1000), bea: Duration = .milliseconds(3500), cia: Duration = .milliseconds(6000)
    ) async -> [String] {
        async let adaTrip = visit("Ada", "🌻", for: ada)
        async let beaTrip = visit("Bea", "🌸", for: bea)
        async let ciaTrip = visit("Cia", "🌷", for: cia)
        return await [adaTrip, beaTrip, ciaTrip]
    }

    /// `sendThree`, written out (the lesson's "async let, written out"): a task group with three children, each started
    /// at once, all awaited at the end, all cancelled with the task that runs it.
    nonisolated(nonsending) public static func sendThreeByHand(
        ada: Duration = .milliseconds(1000), bea: Duration = .milliseconds(3500), cia: Duration = .milliseconds(6000)
    ) async -> [String] {
        await withTaskGroup(of: (Int, String).self) { group in
            group.addTask { (0, await visit("Ada", "🌻", for: ada)) }
            group.addTask { (1, await visit("Bea", "🌸", for: bea)) }
            group.addTask { (2, await visit("Cia", "🌷", for: cia)) }
            var results = ["", "", ""]
            for await (i, result) in group {
                results[i] = result
            }
            return results
        }
    }
}
