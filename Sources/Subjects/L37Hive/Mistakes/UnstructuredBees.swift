/// Lesson 37 step 5's three bees sent as `Task { }`s instead of `async let` children: three unstructured tasks that
/// nothing owns. Cancelling the task that sent them reaches none of them — "Task { } makes an unstructured task that
/// nothing owns: it is not cancelled with anything" — so Call them home turns no bee round.
public enum UnstructuredBees {
    /// Three bees at once, each a `Task { }` of its own, awaited at the end.
    nonisolated(nonsending) public static func sendThree(
        ada: Duration = .milliseconds(1000), bea: Duration = .milliseconds(3500), cia: Duration = .milliseconds(6000)
    ) async -> [String] {
        let adaTrip = Task { await Bees.visit("Ada", "🌻", for: ada) }
        let beaTrip = Task { await Bees.visit("Bea", "🌸", for: bea) }
        let ciaTrip = Task { await Bees.visit("Cia", "🌷", for: cia) }
        return [await adaTrip.value, await beaTrip.value, await ciaTrip.value]
    }
}
