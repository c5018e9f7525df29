import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// A global actor that only the runs of `SharedActorSequenceTests` go to, one after another.
@globalActor actor SequenceActor {
    /// The one instance.
    static let shared = SequenceActor()
    /// How often it was asked.
    private var asked = 0

    /// Counts one more ask, on the actor.
    func ask() -> Int {
        asked += 1
        return asked
    }
}

@Suite("Runs one after another on one global actor", scaledTimeLimit(minutes: 1))
struct SharedActorSequenceTests {
    @Test("runs one after another that go to one global actor are each run once: a run that ended shares it with none")
    func runsInTurnRunOnce() async throws {
        var again: [UInt64] = []
        for seed: UInt64 in 0..<50 {
            let asked = try await run(.seeded(seed)) { await SequenceActor.shared.ask() }
            if asked.ranAgainAlone { again.append(seed) }
        }
        #expect(again.isEmpty, "seeds run a second time, alone, as if the run before them still shared the actor: \(again)")
    }
}
