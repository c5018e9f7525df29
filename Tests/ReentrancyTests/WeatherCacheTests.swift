import Harness
import HarnessTesting
import Scenarios
import Testing

/// Lesson 38, step 4 and actors questions 1, 2 and 11: which caches ask once, which ask twice, and what they do with a
/// failure. (The cache on `WeatherActor` is in `WeatherActorTests`, which run one at a time.)
@Suite("L38 WeatherCache and its other shapes", .timeLimit(.minutes(1)))
struct WeatherCacheTests {
    /// How many screens ask at once.
    static let askerCounts = [2, 10, 100]

    @Test("L38 actors Q1: two screens ask at once → two requests (a cache of answers only, strict)")
    func answersOnlyAsksTwiceOnStrict() async throws {
        let run = try #require(await runRecordingIssues(.strict) { try await askAtOnce(2, .answersOnly) })
        #expect(run.value.requests == 2, """
            got \(run.value) on the strict pool, not 2 requests: both screens should find nothing while the first \
            waits at the await, and both ask — this cache stores only answers, after the await
            """)
    }

    @Test("L38 actors Q1: two screens ask at once → two requests under some seed (a cache of answers only)")
    func answersOnlyAsksTwiceUnderSomeSeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("requests") { try await askAtOnce(2, .answersOnly) })
        expectSomeSeed(exploration, """
            two screens asking at once should make two requests: the second finds nothing while the first \
            waits at the await
            """) { $0.requests == 2 }
        expectEverySeed(exploration, "two askers can make at most two requests") { $0.requests <= 2 }
    }

    @Test("L38 step 4: K screens ask at once → one request, one answer (a cache of questions)",
          arguments: realSchedules, askerCounts)
    func taskStoringAsksOnce(schedule: Schedule, askers: Int) async throws {
        let run = try #require(await runRecordingIssues(schedule) { try await askAtOnce(askers, .taskStoring) })
        #expect(run.value == AskersOutcome(requests: 1, distinctAnswers: 1), """
            \(askers) screens at once under \(run.ranAs) gave \(run.value), not 1 request and 1 answer: a caller \
            that came while the first waited found no question stored and asked again — the Task must be stored \
            before the first await, so every later caller awaits the same one
            """)
    }

    @Test("L38 step 4: K screens ask at once → one request, one answer, for every seed", arguments: askerCounts)
    func taskStoringAsksOnceForEverySeed(askers: Int) async throws {
        let exploration = try #require(await exploreRecordingIssues("outcome") {
            try await askAtOnce(askers, .taskStoring)
        })
        expectEverySeed(exploration, """
            \(askers) screens at once must share one request and one answer — a caller that finds no question \
            stored asks again, so the Task must be stored before the first await
            """) { $0 == AskersOutcome(requests: 1, distinctAnswers: 1) }
    }

    @Test("L38 actors Q2: a kept failure → the next ask fails with the first error, no new request",
          arguments: realSchedules + [.seeded(0x38)])
    func keptFailureFailsForEver(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) {
            try await askTwiceWhileTheFirstRequestFails(.failureKeeping)
        })
        #expect(run.value == AsksInTurn(results: ["failed: offline at request 1", "failed: offline at request 1"],
                                        requests: 1), """
            got \(run.value) under \(run.ranAs): a cache that keeps the failed Task should rethrow its first \
            error for ever and never ask again — the same failure twice, 1 request
            """)
    }

    @Test("L38 step 4: a forgotten failure → the next ask is a new request, and is answered",
          arguments: realSchedules + [.seeded(0x38)])
    func forgottenFailureAsksAgain(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) {
            try await askTwiceWhileTheFirstRequestFails(.taskStoring)
        })
        #expect(run.value == AsksInTurn(results: ["failed: offline at request 1", "answered by request 2"],
                                        requests: 2), """
            got \(run.value) under \(run.ranAs): WeatherCache must forget a failed question before rethrowing, \
            or the next caller gets the old failure without asking — the second ask should be a new request, \
            answered
            """)
    }

    @Test("L38 step 4: forget(_:) → the next ask is a new request", arguments: realSchedules + [.seeded(0x38)])
    func forgetAsksAgain(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) { try await askForgetAsk(.taskStoring) })
        #expect(run.value == AsksInTurn(results: ["answered by request 1", "answered by request 2"], requests: 2), """
            got \(run.value) under \(run.ranAs): after forget("Seattle") the next question must ask again \
            (pull to refresh), not get the old answer
            """)
    }

    @Test("L38 actors Q11: a disk actor between check and store → two requests again (strict)")
    func diskActorAsksTwiceOnStrict() async throws {
        let run = try #require(await runRecordingIssues(.strict) { try await askAtOnce(2, .awaitingDiskActor) })
        #expect(run.value.requests == 2, """
            got \(run.value) on the strict pool, not 2 requests: the await on the disk actor should open the gap \
            again — while the first caller waits for the disk, the second finds nothing in memory and asks too
            """)
    }

    @Test("L38 actors Q11: a disk actor between check and store → two requests under some seed")
    func diskActorAsksTwiceUnderSomeSeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("requests") {
            try await askAtOnce(2, .awaitingDiskActor)
        })
        expectSomeSeed(exploration, """
            two screens should make two requests when the cache awaits a disk actor between its check and \
            its store
            """) { $0.requests == 2 }
        expectEverySeed(exploration, "two askers can make at most two requests") { $0.requests <= 2 }
    }
}
