@testable import ConcurrencyHarness
import Testing

/// An actor that says which actor its method ran on.
actor NamedCounter {
    /// The actor this method runs on, as the harness names it.
    func whereAmI() -> String? { ActorName.current }
}

/// A global actor of the tests, for `ActorName` on the real runtime.
@globalActor actor TestSideActor {
    /// The one instance.
    static let shared = TestSideActor()
}

/// A global actor only runs use: one shared with a test running beside them on the real runtime could hold a run's
/// task there while the run, seeing nothing of its own to do, calls it a deadlock.
@globalActor actor RunSideActor {
    /// The one instance.
    static let shared = RunSideActor()
}

@Suite("ActorName names the actor the calling code runs on")
struct ActorNameTests {
    @Test("inside an actor's method: the actor's type")
    func insideAnActor() async {
        #expect(await NamedCounter().whereAmI() == "NamedCounter")
    }

    @Test("on a global actor: its type; on the main actor: MainActor")
    func globalActors() async {
        #expect(await Self.onSide() == "TestSideActor")
        #expect(await Self.onMain() == "MainActor")
    }

    @Test("inside a run, on the harness's thread: the same names", arguments: [Schedule.strict, .seeded(1)])
    func insideARun(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> [String?] in
            [await NamedCounter().whereAmI(), await Self.onRunSide(), await Self.onMain(), ActorName.current]
        }
        #expect(run.value == ["NamedCounter", "RunSideActor", "MainActor", nil])
    }

    @Test("off any actor: nil")
    @concurrent func offAnyActor() async {
        #expect(ActorName.current == nil)
    }

    /// Where code on `TestSideActor` runs.
    @TestSideActor static func onSide() -> String? { ActorName.current }

    /// Where code on `RunSideActor` runs.
    @RunSideActor static func onRunSide() -> String? { ActorName.current }

    /// Where main-actor code runs.
    @MainActor static func onMain() -> String? { ActorName.current }
}
