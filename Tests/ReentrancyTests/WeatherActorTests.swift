import Foundation
import Harness
import HarnessTesting
import Scenarios
import Subjects
import Testing

/// Lesson 38, steps 5 and 6: the cache and the disk on one global actor. `WeatherActor` is one instance for the whole
/// process, so these tests run one at a time: a call from one test must never be run by another test's thread.
@Suite("L38 WeatherActor: cache and disk on one global actor", .serialized, .timeLimit(.minutes(1)))
struct WeatherActorTests {
    /// How many screens ask at once.
    static let askerCounts = [2, 10, 100]

    /// The cache's question is a `Task {}` made inside a `@WeatherActor` method, so it is isolated to WeatherActor,
    /// and the harness does not catch such a task: its fetch sleeps on the real clock and finishes on the real pool.
    /// The harness waits for it instead of calling the quiet moment a deadlock. (So these seeded runs are not
    /// replayable exactly; the claims below hold for every schedule anyway.)
    static let waitForEscapedQuestions = RunOptions { $0.outsideWorkGrace = .seconds(2) }

    @Test("L38 actors Q11: cache and disk on one global actor → one request for K screens",
          arguments: realSchedules, askerCounts)
    func globalActorAsksOnce(schedule: Schedule, askers: Int) async throws {
        let run = try #require(await runRecordingIssues(schedule, options: Self.waitForEscapedQuestions) {
            try await askAtOnce(askers, .weatherActorWithDisk, answerTakes: .milliseconds(1))
        })
        #expect(run.value == AskersOutcome(requests: 1, distinctAnswers: 1), """
            \(askers) screens at once under \(run.ranAs) gave \(run.value), not 1 request: something came between \
            the check and the store — on one global actor the look on disk is an ordinary call, with no await
            """)
    }

    @Test("L38 actors Q11: cache and disk on one global actor → one request, for every seed", arguments: askerCounts)
    func globalActorAsksOnceForEverySeed(askers: Int) async throws {
        let exploration = try #require(await exploreRecordingIssues("outcome", options: Self.waitForEscapedQuestions) {
            try await askAtOnce(askers, .weatherActorWithDisk, answerTakes: .milliseconds(1))
        })
        expectEverySeed(exploration, """
            \(askers) screens at once must share one request — an await between the check and the store lets a \
            second caller find nothing and ask again; on one actor the cache and the disk need none
            """) { $0 == AskersOutcome(requests: 1, distinctAnswers: 1) }
    }

    @Test("L38 step 5: four calls on WeatherActor at once take turns → at most 1 at once")
    func weatherActorTakesOneCallAtATime() async throws {
        let run = try #require(await runRecordingIssues(.system) {
            try await fourCallsOnWeatherActorAtOnce(patience: .milliseconds(100))
        })
        #expect(run.value == Overlap(updates: 4, mostAtOnce: 1), """
            \(counted(run.value.updates, "call")), at most \(run.value.mostAtOnce) at once on \(counted(sharedPoolWidth(), "thread")): \
            WeatherActor is one instance, one line for everything \
            marked @WeatherActor — that is why the cache and the disk may use each other with no await — so two \
            calls must never run at once
            """)
    }

    /// How long after the first launch the second one asks, and how many requests it must make.
    static let relaunches: [(after: Duration, requests: Int)] = [
        (.zero, 0), (.seconds(599), 0), (.seconds(600), 1), (.seconds(3_600), 1),
    ]

    @Test("L38 step 5: the disk answers only within ten minutes", arguments: relaunches)
    func diskAnswersWithinTenMinutes(after age: Duration, requests: Int) async throws {
        let run = try #require(await runRecordingIssues(.strict, options: Self.waitForEscapedQuestions) {
            try await requestsAfterRelaunch(after: age)
        })
        #expect(run.value == requests, """
            a second launch \(age) after the first made \(counted(run.value, "request")), not \(requests): the disk answers \
            only for the last ten minutes, and asks after that
            """)
    }

    @Test("L38 step 5: forget(_:) forgets on disk too → the next ask is a new request",
          arguments: realSchedules + [.seeded(0x38)])
    func forgetForgetsOnDisk(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule, options: Self.waitForEscapedQuestions) {
            try await askForgetAsk(.weatherActorWithDisk)
        })
        #expect(run.value == AsksInTurn(results: ["answered by request 1", "answered by request 2"], requests: 2), """
            got \(run.value) under \(run.ranAs): a refresh must forget the city in memory and on disk, or the \
            next question finds the disk's copy and never asks
            """)
    }

    @Test("L38 step 5: a disk given a directory that does not exist fails, naming it")
    func diskRejectsAMissingDirectory() async throws {
        let missing = URL(filePath: "/nonexistent-\(UUID().uuidString)")
        #expect(throws: WeatherDiskError.noSuchDirectory(missing.path),
                "a disk in a directory that does not exist would lose every save without a word") {
            _ = try WeatherDisk(directory: missing)
        }
    }

    @Test("L38 step 6: WeatherActor on a serial executor of its own runs its code on its own thread")
    func ownExecutorRunsOnItsThread() async throws {
        let name = await whereDoesTheWeatherRun()
        #expect(name == "trips.weather", """
            @OwnThreadWeatherActor code ran on "\(name)": an actor with an executor of its own runs there, \
            not on the shared pool (the lesson's saves printed "on trips.weather")
            """)
    }
}
