import Harness
import HarnessTesting
import Scenarios
import Subjects
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

    @Test("L37 step 8: whereAmI() from a @concurrent function → no actor", arguments: realSchedules)
    func fromThePool(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) { await whereIsThePool() })
        #expect(run.value == "no actor", "answered \"\(run.value)\": a @concurrent function is on no actor, so #isolation is nil")
    }

    @Test("L37 step 8: whereAmI() inside the jar → the jar is on Jar", arguments: realSchedules)
    func fromTheJar(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) { await Jar().whereIsTheJar() })
        #expect(run.value == "the jar is on Jar", "answered \"\(run.value)\": inside the jar's method #isolation is the jar")
    }

    @Test("L37 step 8: #isolation written out gives the same three answers")
    @MainActor
    func writtenOut() async throws {
        let line = await whereIsEveryone(Jar())
        #expect(line == #"here: MainActor, pool: no actor, jar: the jar is on Jar; written out: ("MainActor", "no actor", "Jar")"#,
                "got \"\(line)\" — the lesson's console line names the main actor, no actor and the jar, asked and written out")
    }
}
