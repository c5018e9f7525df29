import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Lesson 37's three bees, a second, three and a half and six at their flowers, called home at two and a half, in
/// virtual time under seeds. Seeds only: which bee is still out when the call comes is a race in time, and on the
/// real strict pool a loaded machine once delivered the call after Bea was back (CI beside a soak). `shape`
/// `.unstructuredTasks`, the control: the bees sent as `Task { }`s, which no cancel of the trip reaches.
func threeBees(_ pace: Pace, _ shape: BeesShape = .asyncLet) async -> [String] {
    let scale = pace.pick(virtual: 1.0, real: 0.1)
    return await threeBeesCalledHome(ada: .seconds(1) * scale, bea: .milliseconds(3500) * scale,
                                     cia: .seconds(6) * scale, callHomeAfter: .seconds(2.5) * scale, shape: shape).results
}

@Suite("L37 step 5: three bees sent with async let", scaledTimeLimit(minutes: 1))
struct BeesTests {
    @Test("L37 step 5: one cancel() calls home every bee still out; the one already back stays back", .needs(.timers))
    func calledHome() async {
        await verify(Claim(
            "cancelling the trip's task should reach every async let child still at a flower: Bea and Cia called "
                + "home, Ada already back",
            runs: [.seeds(200)],
            expect: Expectation(every: .equals(["Ada back from the 🌻", "Bea called home from the 🌸",
                                                "Cia called home from the 🌷"])),
            control: .counterfactual("the bees sent as Task { }s") { await threeBees(Pace.current, .unstructuredTasks) }) {
                await threeBees(Pace.current)
            })
    }
}
