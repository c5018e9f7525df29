import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects
import Testing

/// Lesson 37, step 8: `whereAmI()` answers for its caller, through `#isolation`.
@Suite("L37 whereAmI and #isolation", scaledTimeLimit(minutes: 1))
struct WhereAmITests {
    @Test("L37 step 8: whereAmI() from the main actor → MainActor")
    @MainActor
    func fromTheMainActor() async throws {
        let answer = whereIsHere()
        #expect(answer == "MainActor", "answered \"\(answer)\": #isolation on the main actor is MainActor.shared")
    }

    @Test("L37 step 8: whereAmI() from a @concurrent function → no actor", arguments: [Runs.strict, .system])
    func fromThePool(runs: Runs) async {
        await verify(Claim(
            "a @concurrent function is on no actor, so #isolation is nil", runs: [runs],
            expect: Expectation(every: .equals("no actor")),
            control: .counterfactual("asked inside the jar") { await Jar().whereIsTheJar() }) {
                await whereIsThePool()
            })
    }

    @Test("L37 step 8: whereAmI() inside the jar → the jar is on Jar", arguments: [Runs.strict, .system])
    func fromTheJar(runs: Runs) async {
        await verify(Claim(
            "inside the jar's method #isolation is the jar", runs: [runs], expect: Expectation(every: .equals("the jar is on Jar")),
            control: .counterfactual("asked from a @concurrent function") { await whereIsThePool() }) {
                await Jar().whereIsTheJar()
            })
    }

    @Test("L37 step 8: #isolation written out gives the same three answers")
    @MainActor
    func writtenOut() async throws {
        let line = await whereIsEveryone(Jar())
        #expect(line == #"here: MainActor, pool: no actor, jar: the jar is on Jar; written out: ("MainActor", "no actor", "Jar")"#,
                "got \"\(line)\" — the lesson's console line names the main actor, no actor and the jar, asked and written out")
    }
}
