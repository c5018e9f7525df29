/// Lesson 37 step 5's three bees sent one after another, each awaited before the next leaves: the trip takes the sum
/// of the three visits — "the ten and a half of three visits one after another" — not the longest.
public enum BeesInTurn {
    /// Ada, then Bea, then Cia, in one task.
    nonisolated(nonsending) public static func sendThree(
        ada: Duration = .milliseconds(1000), bea: Duration = .milliseconds(3500), cia: Duration = .milliseconds(6000)
    ) async -> [String] {
        [await Bees.visit("Ada", "🌻", for: ada), await Bees.visit("Bea", "🌸", for: bea),
         await Bees.visit("Cia", "🌷", for: cia)]
    }
}
