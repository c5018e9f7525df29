import Adopter
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("A main-actor scoreboard loses no points, on every schedule", .timeLimit(.minutes(1)))
struct ScoreboardTests {
    @Test("ten tasks adding one point each leave ten points")
    func noLostPoints() async {
        await verify(Claim("ten adds of one make ten", runs: [.strict, .seeds(100)],
                           expect: Expectation(every: .equals(10)),
                           control: .counterfactual("adding to the points read before saving") {
                               await tenAdds(readsAfterSaving: false)
                           }) {
            await tenAdds(readsAfterSaving: true)
        })
    }
}

/// Ten child tasks each add one point to a new scoreboard; the points at the end.
@MainActor func tenAdds(readsAfterSaving: Bool) async -> Int {
    let board = Scoreboard(readsAfterSaving: readsAfterSaving)
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<10 { group.addTask { await board.add(1) } }
    }
    return board.points
}
