import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// What several askers at once got from a cache: how many requests its fetch made, and how many different answers
/// the askers got (1 when they all awaited the same request).
public struct AskersOutcome: Hashable, Sendable, CustomStringConvertible {
    /// Requests the fetch made.
    public let requests: Int
    /// Different answers among the askers'.
    public let distinctAnswers: Int

    /// An outcome, as a test expects it.
    public init(requests: Int, distinctAnswers: Int) {
        self.requests = requests
        self.distinctAnswers = distinctAnswers
    }

    /// "requests: 2, distinct answers: 2".
    public var description: String { "requests: \(requests), distinct answers: \(distinctAnswers)" }
}

/// Lesson 38, actors questions 1 and 11: `askers` screens ask a new cache of `shape` about Seattle at the same moment
/// (child tasks of one group); each request takes `answerTakes`. A cache that stores the question before its first
/// await makes one request; one that stores only answers, or awaits a disk actor between check and store, makes two.
@concurrent
public func askAtOnce(_ askers: Int, _ shape: CacheShape,
                      answerTakes: Duration = .milliseconds(10)) async throws -> AskersOutcome {
    try BadScenarioInput.require(askers, atLeast: 1, "askers", in: "askAtOnce")
    try BadScenarioInput.require(answerTakes, notNegative: "answerTakes", in: "askAtOnce")
    let service = FakeWeatherService(answerTakes: answerTakes)
    return try await withCache(shape, asking: service) { cache in
        let answers = try await withThrowingTaskGroup(of: Weather.self) { group in
            for screen in 1...askers {
                group.addTask(name: "screen \(screen)") {
                    ScenarioLog.note("asks for Seattle")
                    let answer = try await cache.ask("Seattle")
                    ScenarioLog.note("has the answer of request \(Int(answer.temperature))")
                    return answer
                }
            }
            var answers: [Weather] = []
            for try await answer in group {
                answers.append(answer)
            }
            return answers
        }
        return AskersOutcome(requests: service.requests, distinctAnswers: Set(answers).count)
    }
}

/// What asks made one after another got: each ask's result in order ("answered by request 2",
/// "failed: offline at request 1"), and the requests the fetch made.
public struct AsksInTurn: Hashable, Sendable, CustomStringConvertible {
    /// Each ask's result, in order.
    public let results: [String]
    /// Requests the fetch made.
    public let requests: Int

    /// An outcome, as a test expects it.
    public init(results: [String], requests: Int) {
        self.results = results
        self.requests = requests
    }

    /// `["failed: offline at request 1", "answered by request 2"], requests: 2`.
    public var description: String { "\(results), requests: \(requests)" }
}

/// Lesson 38, actors question 2: the network is down for the first request only. Asks a new cache of `shape` about
/// Seattle twice, one ask after the other. A cache that keeps the failed task fails twice with the first error and
/// asks once; one that forgets a failure asks again and gets an answer.
@concurrent
public func askTwiceWhileTheFirstRequestFails(_ shape: CacheShape) async throws -> AsksInTurn {
    let service = FakeWeatherService(failing: 1)
    return try await withCache(shape, asking: service) { cache in
        var results: [String] = []
        for _ in 1...2 {
            do {
                let answer = try await cache.ask("Seattle")
                results.append("answered by request \(Int(answer.temperature))")
            } catch let offline as FakeWeatherService.Offline {
                results.append("failed: \(offline)")
            }
        }
        return AsksInTurn(results: results, requests: service.requests)
    }
}

/// The caches that have `forget(_:)`: lesson 38's `WeatherCache` (step 4) and `WeatherActorCache` (step 5, which
/// forgets on disk too).
public enum ForgettingCache: String, CaseIterable, Sendable, Decodable, CustomStringConvertible {
    /// `WeatherCache`.
    case taskStoring
    /// `WeatherActorCache` with a `WeatherDisk`.
    case weatherActorWithDisk

    /// The cache's name, as in `ForgettingCache.taskStoring`.
    public var description: String { rawValue }

    var shape: CacheShape {
        switch self {
        case .taskStoring: .taskStoring
        case .weatherActorWithDisk: .weatherActorWithDisk
        }
    }
}

/// Lesson 38, step 4 (pull to refresh): asks Seattle, tells the cache to forget Seattle, asks again. The second ask
/// is a new request: `["answered by request 1", "answered by request 2"], requests: 2`.
/// `.forgetsNothing`, the control: a refresh that forgets nothing — the second ask gets the first answer.
@concurrent
public func askForgetAsk(_ cache: ForgettingCache, _ refresh: RefreshShape = .forgets) async throws -> AsksInTurn {
    let forgetting = refresh == .forgets
    let service = FakeWeatherService()
    return try await withCache(cache.shape, asking: service) { handle in
        guard let forget = handle.forget else {
            preconditionFailure("askForgetAsk: \(cache) has no forget(_:)")
        }
        let first = try await handle.ask("Seattle")
        if forgetting { try await forget("Seattle") }
        let second = try await handle.ask("Seattle")
        return AsksInTurn(results: ["answered by request \(Int(first.temperature))",
                                    "answered by request \(Int(second.temperature))"],
                          requests: service.requests)
    }
}

/// What a pull to refresh does.
public enum RefreshShape: String, CaseIterable, Sendable, Decodable {
    /// It tells the cache to forget the city (the lesson).
    case forgets
    /// Nothing, the control: the second ask gets the first answer.
    case forgetsNothing
}
