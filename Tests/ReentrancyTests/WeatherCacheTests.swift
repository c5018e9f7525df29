import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Lesson 38, step 4 and actors questions 1, 2 and 11: which caches ask once, which ask twice, and what they do with a
/// failure. (The cache on `WeatherActor` is in `WeatherActorTests`, which run one at a time.) Each claim's control is
/// the lesson's other shape: the cache that asks twice beside the one that asks once.
@Suite("L38 WeatherCache and its other shapes", scaledTimeLimit(minutes: 1))
struct WeatherCacheTests {
    /// How many screens ask at once.
    static let askerCounts = [2, 10, 100]

    @Test("L38 actors Q1: two screens ask at once → two requests (a cache of answers only, strict)", .needs(.timers))
    func answersOnlyAsksTwiceOnStrict() async {
        await verify(.twoRequests(from: .answersOnly, runs: [.strict], why: "both screens should find nothing while the "
            + "first waits at the await, and both ask — this cache stores only answers, after the await"))
    }

    @Test("L38 actors Q1: two screens ask at once → two requests under some seed (a cache of answers only)", .needs(.timers))
    func answersOnlyAsksTwiceUnderSomeSeed() async {
        await verify(.twoRequests(from: .answersOnly, runs: [.seeds(200)], why: "the second finds nothing while the "
            + "first waits at the await"))
    }

    @Test("L38 step 4: K screens ask at once → one request, one answer (a cache of questions), on the strict pool, the real pool and every seed", .needs(.timers),
          arguments: askerCounts)
    func taskStoringAsksOnce(askers: Int) async {
        await verify(Claim(
            "\(askers) screens at once must share one request and one answer — a caller that finds no question stored "
                + "asks again, so the Task must be stored before the first await, and every later caller awaits it",
            runs: [.strict, .system, .seeds(200)],
            expect: Expectation(every: .equals(AskersOutcome(requests: 1, distinctAnswers: 1))),
            control: .counterfactual("a cache of answers only") { try await askAtOnce(askers, .answersOnly) }) {
                try await askAtOnce(askers, .taskStoring)
            })
    }

    @Test("L38 actors Q2: a kept failure → the next ask fails with the first error, no new request", .needs(.timers))
    func keptFailureFailsForEver() async {
        await verify(.askTwiceWhileTheFirstRequestFails(
            .failureKeeping, gives: ["failed: offline at request 1", "failed: offline at request 1"], requests: 1,
            "a cache that keeps the failed Task should rethrow its first error for ever and never ask again — the same "
                + "failure twice, 1 request",
            control: ("WeatherCache, which forgets a failure", .taskStoring)))
    }

    @Test("L38 step 4: a forgotten failure → the next ask is a new request, and is answered", .needs(.timers))
    func forgottenFailureAsksAgain() async {
        await verify(.askTwiceWhileTheFirstRequestFails(
            .taskStoring, gives: ["failed: offline at request 1", "answered by request 2"], requests: 2,
            "WeatherCache must forget a failed question before rethrowing, or the next caller gets the old failure "
                + "without asking — the second ask should be a new request, answered",
            control: ("a cache that keeps a failure", .failureKeeping)))
    }

    @Test("L38 step 4: forget(_:) → the next ask is a new request", .needs(.timers))
    func forgetAsksAgain() async {
        await verify(Claim(
            "after forget(\"Seattle\") the next question must ask again (pull to refresh), not get the old answer",
            runs: [.strict, .system, .seeds(20)],
            expect: Expectation(every: .equals(AsksInTurn(
                results: ["answered by request 1", "answered by request 2"], requests: 2))),
            control: .counterfactual("a refresh that forgets nothing") { try await askForgetAsk(.taskStoring, .forgetsNothing) }) {
                try await askForgetAsk(.taskStoring)
            })
    }

    @Test("L38 actors Q11: a disk actor between check and store → two requests again (strict)", .needs(.timers))
    func diskActorAsksTwiceOnStrict() async {
        await verify(.twoRequests(from: .awaitingDiskActor, runs: [.strict], why: "the await on the disk actor should "
            + "open the gap again — while the first caller waits for the disk, the second finds nothing in memory and asks too"))
    }

    @Test("L38 actors Q11: a disk actor between check and store → two requests under some seed", .needs(.timers))
    func diskActorAsksTwiceUnderSomeSeed() async {
        await verify(.twoRequests(from: .awaitingDiskActor, runs: [.seeds(200)], why: "the cache awaits a disk actor "
            + "between its check and its store"))
    }
}

extension Claim where Outcome == AskersOutcome {
    /// Two screens ask a cache of `shape` at once and make two requests: on the strict pool, every time; under seeds,
    /// under some seed, and never more than two. Control: `WeatherCache`, which stores the question before any await.
    static func twoRequests(from shape: CacheShape, runs: [Runs], why: String) -> Claim {
        let two: Condition<AskersOutcome> = .that("2 requests") { $0.requests == 2 }
        let atMostTwo: Condition<AskersOutcome> = .that("at most 2 requests") { $0.requests <= 2 }
        return Claim(
            "two screens asking at once should make two requests: \(why)",
            runs: runs, expect: runs == [.strict] ? Expectation(every: two) : Expectation(every: atMostTwo, some: two),
            control: .counterfactual("WeatherCache, which stores the question before the await") {
                try await askAtOnce(2, .taskStoring)
            }) {
                try await askAtOnce(2, shape)
            }
    }
}

extension Claim where Outcome == AsksInTurn {
    /// L38 actors Q2: a cache of `shape` asked twice, one ask after the other, while the first request fails, gives
    /// `results` with `requests` requests, on the strict pool, the real pool and every seed. Control: the other way
    /// to treat a failure.
    static func askTwiceWhileTheFirstRequestFails(_ shape: CacheShape, gives results: [String], requests: Int,
                                                  _ statement: String, control: (name: String, shape: CacheShape)) -> Claim {
        Claim(
            statement, runs: [.strict, .system, .seeds(20)],
            expect: Expectation(every: .equals(AsksInTurn(results: results, requests: requests))),
            control: .counterfactual(control.name) { try await ConcurrencyProofsScenarios.askTwiceWhileTheFirstRequestFails(control.shape) }) {
                try await ConcurrencyProofsScenarios.askTwiceWhileTheFirstRequestFails(shape)
            }
    }
}
