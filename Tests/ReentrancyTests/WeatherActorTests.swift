import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects
import Testing

/// Lesson 38, steps 5 and 6: the cache and the disk on one global actor. `WeatherActor` is one instance for the whole
/// process, so these tests run one at a time: a call from one test must never be run by another test's thread.
@Suite("L38 WeatherActor: cache and disk on one global actor", .serialized, scaledTimeLimit(minutes: 1))
struct WeatherActorTests {
    /// How many screens ask at once.
    static let askerCounts = [2, 10, 100]

    /// The cache's question is a `Task {}` made inside a `@WeatherActor` method, so it is isolated to WeatherActor;
    /// its fetch sleeps on the run's clock (the process's default executor is the harness's) and its seeded runs
    /// replay exactly.
    @Test("L38 actors Q11: cache and disk on one global actor → one request for K screens, on the strict pool, the real pool and every seed", .needs(.timers),
          arguments: askerCounts)
    func globalActorAsksOnce(askers: Int) async {
        await verify(Claim(
            "\(askers) screens at once must share one request — an await between the check and the store lets a "
                + "second caller find nothing and ask again; on one global actor the look on disk is an ordinary call, "
                + "with no await",
            runs: [.strict, .system, .seeds(200)],
            expect: Expectation(every: .equals(AskersOutcome(requests: 1, distinctAnswers: 1))),
            control: .counterfactual("a cache that awaits a disk actor between its check and its store") {
                try await askAtOnce(askers, .awaitingDiskActor, answerTakes: .milliseconds(1))
            }) {
                try await askAtOnce(askers, .weatherActorWithDisk, answerTakes: .milliseconds(1))
            })
    }

    @Test("L38 step 5: four calls on WeatherActor at once take turns → at most 1 at once")
    func weatherActorTakesOneCallAtATime() async {
        let width = sharedPoolWidth()
        await verify(Claim(
            "WeatherActor is one instance, one line for everything marked @WeatherActor — that is why the cache and "
                + "the disk may use each other with no await — so two calls must never run at once, on \(counted(width, "thread"))",
            runs: [.system], expect: Expectation(every: .equals(Overlap(updates: 4, mostAtOnce: 1))),
            control: width < 2 ? .none(why: "a pool of one thread runs one call at a time, on an actor or not")
                : .counterfactual("four actors of their own") {
                    try await fourUpdatesAtOnce(.ownActors, patience: .seconds(2))
                }) {
                try await fourCallsOnWeatherActorAtOnce(patience: .milliseconds(100))
            })
    }

    /// How long after the first launch the second one asks, and how many requests it must make.
    static let relaunches: [(after: Duration, requests: Int)] = [
        (.zero, 0), (.seconds(599), 0), (.seconds(600), 1), (.seconds(3_600), 1),
    ]

    @Test("L38 step 5: the disk answers only within ten minutes", .needs(.timers), arguments: relaunches)
    func diskAnswersWithinTenMinutes(after age: Duration, requests: Int) async {
        let otherSide: Duration = requests == 0 ? .seconds(7_200) : .zero
        await verify(Claim(
            "a second launch \(age) after the first must make \(counted(requests, "request")): the disk answers only for "
                + "the last ten minutes, and asks after that",
            runs: [.strict], expect: Expectation(every: .equals(requests)),
            control: .counterfactual("the relaunch \(otherSide) after, on the other side of ten minutes") {
                try await requestsAfterRelaunch(after: otherSide)
            }) {
                try await requestsAfterRelaunch(after: age)
            })
    }

    @Test("L38 step 5: forget(_:) forgets on disk too → the next ask is a new request, on the strict pool, the real pool and every seed", .needs(.timers))
    func forgetForgetsOnDisk() async {
        await verify(Claim(
            "a refresh must forget the city in memory and on disk, or the next question finds the disk's copy and "
                + "never asks",
            runs: [.strict, .system, .seeds(20)],
            expect: Expectation(every: .equals(AsksInTurn(results: ["answered by request 1", "answered by request 2"],
                                                          requests: 2))),
            control: .counterfactual("a refresh that forgets nothing") {
                try await askForgetAsk(.weatherActorWithDisk, .forgetsNothing)
            }) {
                try await askForgetAsk(.weatherActorWithDisk)
            })
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
