import Foundation
import ConcurrencyHarness
import ConcurrencyProofsSubjects

// Lesson 38, steps 2 to 6: the weather strip's console. Open-Meteo is a stand-in whose answers take a time of their
// own for each city (Seattle 600 ms, Vancouver 200 ms, San Pedro de Atacama 400 ms: the network's, fixed here so that
// the order in which they finish is known), and which prints "Asking Open-Meteo about <city>" as the lesson's
// Weather.now(in:) does.

/// The three cities the trips go to, in the strip's order.
let stripCities = ["Seattle", "Vancouver", "San Pedro de Atacama"]

/// How long the stand-in Open-Meteo takes for each city.
let openMeteoTakes: [String: Duration] = [
    "Seattle": .milliseconds(600), "Vancouver": .milliseconds(200), "San Pedro de Atacama": .milliseconds(400),
]

/// The stand-in Open-Meteo: it writes to `log` as it is asked, counts the requests, and answers after its city's time.
final class StandInOpenMeteo: Sendable {
    let log: EventLog
    private let requestCount = Shared(0)
    /// How much of each city's time an answer takes: 1 where the order answers finish in is what is shown.
    private let pace: Double

    /// A stand-in that writes to `log`, its answers taking `pace` times each city's time.
    init(_ log: EventLog, pace: Double = 1) {
        self.log = log
        self.pace = pace
    }

    /// The requests made so far.
    var requests: Int { requestCount.value }

    /// One request about `city`.
    @Sendable func now(in city: String) async throws -> Weather {
        let request = requestCount.updated { $0 += 1 }
        log.record("Asking Open-Meteo about \(city)")
        try await Task.sleep(for: (openMeteoTakes[city] ?? .milliseconds(100)) * pace)
        return Weather(place: city, temperature: Double(request), code: 0)
    }
}

/// What the strip printed, and what opening Seattle's screen afterwards asked.
public struct StripConsole: Sendable, Hashable {
    /// The strip's console, in order: "asked about …", "Asking Open-Meteo about …", "answered about …".
    public var lines: [String]
    /// Whether every "asked" line came before the first "answered" one.
    public var allAskedBeforeAnyAnswer: Bool
    /// Whether the "asked" lines came in the strip's order of its cities (Seattle, Vancouver, San Pedro de Atacama).
    public var askedInStripOrder: Bool
    /// The cities in the order their answers came.
    public var answeredInOrder: [String]
    /// Requests the strip made.
    public var requests: Int
    /// Requests Seattle's screen made when it was opened after the strip.
    public var openingSeattleRequests: Int
}

/// Lesson 38 steps 2–4: the strip asks about its three cities in `shape`, then Seattle's screen is opened and asks
/// about Seattle the way the strip did.
nonisolated(nonsending) public func weatherStrip(_ shape: StripShape) async throws -> StripConsole {
    let log = EventLog()
    let openMeteo = StandInOpenMeteo(log)
    let cache = WeatherCache(fetch: openMeteo.now)
    let ask: @Sendable (String) async throws -> Weather
    if shape == .cacheForEveryScreen {
        ask = { try await cache.weather(in: $0) }
    } else {
        ask = { try await openMeteo.now(in: $0) }
    }
    switch shape {
    case .oneAfterAnother:
        for city in stripCities {
            log.record("asked about \(city)")
            _ = try? await ask(city)
            log.record("answered about \(city)")
        }
    case .taskGroup, .cacheForEveryScreen:
        await withTaskGroup(of: String.self) { group in
            for city in stripCities {
                group.addTask {
                    log.record("asked about \(city)")
                    _ = try? await ask(city)
                    return city
                }
            }
            for await city in group {
                log.record("answered about \(city)")
            }
        }
    }
    let stripRequests = openMeteo.requests
    let lines = log.entries
    _ = try await ask("Seattle")
    let firstAnswer = lines.firstIndex { $0.hasPrefix("answered") } ?? lines.count
    let lastAsk = lines.lastIndex { $0.hasPrefix("asked") } ?? 0
    let asked = lines.filter { $0.hasPrefix("asked about ") }.map { String($0.dropFirst("asked about ".count)) }
    return StripConsole(lines: lines, allAskedBeforeAnyAnswer: lastAsk < firstAnswer,
                        askedInStripOrder: asked == stripCities,
                        answeredInOrder: lines.filter { $0.hasPrefix("answered about ") }
                            .map { String($0.dropFirst("answered about ".count)) },
                        requests: stripRequests, openingSeattleRequests: openMeteo.requests - stripRequests)
}

/// How the strip asks.
public enum StripShape: String, CaseIterable, Sendable, Decodable {
    /// One await at a time, in a loop (step 2).
    case oneAfterAnother
    /// A task group, a child for each city, straight to Open-Meteo (step 3): Seattle's screen asks again.
    case taskGroup
    /// The same group through the `WeatherCache` every screen shares (step 4): Seattle's screen finds the answer.
    case cacheForEveryScreen
}

/// The dispatch queue code on `WeatherActor` runs on: where the disk, a `@WeatherActor` class, saves.
@WeatherActor func weatherActorQueue() -> String {
    currentQueueLabel()
}

/// The dispatch queue code on `OwnThreadWeatherActor` runs on.
@OwnThreadWeatherActor func ownThreadWeatherActorQueue() -> String {
    currentQueueLabel()
}

/// The name of the thread code on `WeatherActor` runs on.
@WeatherActor func weatherActorThread() -> String {
    currentThreadName()
}

/// Where lesson 38's saves ran, and what a second launch asked.
public struct Launches: Sendable, Hashable {
    /// The requests the first launch made for the three cities.
    public var firstLaunchRequests: Int
    /// The requests a second launch made for the same three, with a new cache and a new disk on the same file.
    public var secondLaunchRequests: Int
    /// The dispatch queue label of the actor the disk saves on.
    public var saveQueue: String
    /// The name of the thread the actor the disk saves on runs on.
    public var saveThread: String
}

/// Lesson 38 steps 5 and 6: a first launch asks about the three cities through a `WeatherActorCache` with a disk
/// (every answer saved), then a second launch — a new disk on the same file, and a new cache — asks again; and where
/// the actor the disk is on runs its code, on the pool (`WeatherActor`, step 5) or on a thread of its own
/// (`OwnThreadWeatherActor`, step 6).
@concurrent public func weatherLaunches(_ shape: LaunchShape) async throws -> Launches {
    // What is counted (requests) and where the saves ran do not hang on how long an answer takes: a tenth of each
    // city's time, so that the real-runtime runs of the quiz's checks cost 0.2 s each, not 2.4.
    let pace = 0.1
    return try await withTemporaryDirectory { directory in
        let first = StandInOpenMeteo(EventLog(), pace: pace)
        let firstCache = WeatherActorCache(disk: try WeatherDisk(directory: directory), fetch: first.now)
        for city in stripCities { _ = try await firstCache.weather(in: city) }
        let second = StandInOpenMeteo(EventLog(), pace: pace)
        let secondCache = shape == .secondLaunchWithoutDisk ? WeatherActorCache(fetch: second.now)
            : WeatherActorCache(disk: try WeatherDisk(directory: directory), fetch: second.now)
        for city in stripCities { _ = try await secondCache.weather(in: city) }
        let onItsOwnThread = shape == .ownThread
        return Launches(firstLaunchRequests: first.requests, secondLaunchRequests: second.requests,
                        saveQueue: onItsOwnThread ? await ownThreadWeatherActorQueue() : await weatherActorQueue(),
                        saveThread: onItsOwnThread ? await whereDoesTheWeatherRun() : await weatherActorThread())
    }
}

/// What the launches are.
public enum LaunchShape: String, CaseIterable, Sendable, Decodable {
    /// Step 5: both launches' caches have the disk, on `WeatherActor`.
    case pool
    /// Step 6: the actor on a thread of its own (`OwnThreadWeatherActor`, "trips.weather").
    case ownThread
    /// The second launch's cache made without a disk, as "a cache made anywhere else" is.
    case secondLaunchWithoutDisk
}
