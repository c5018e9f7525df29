import ConcurrencyProofsSubjects

/// The lesson 38 caches side by side, named for what they do. The scenarios build one of them, ask it, and count the
/// requests its fetch made.
public enum CacheShape: String, CaseIterable, Sendable, Decodable, CustomStringConvertible {
    /// `AnswersOnlyCache`: stores the answer after the await (actors question 1's first cache).
    case answersOnly
    /// `WeatherCache`: stores the question before the await, forgets a failure (step 4).
    case taskStoring
    /// `FailureKeepingCache`: stores the question, and keeps it when it fails (actors question 2).
    case failureKeeping
    /// `CacheAwaitingDisk`: stores the question, but awaits a disk actor of its own between check and store
    /// (actors question 11's first cache).
    case awaitingDiskActor
    /// `WeatherActorCache` with a `WeatherDisk` in a directory of its own: memory, then disk, then ask, all on
    /// `WeatherActor` (step 5).
    case weatherActorWithDisk

    /// The shape's name, as in `CacheShape.answersOnly`.
    public var description: String { rawValue }
}

/// A cache of some shape, as a scenario uses it: how to ask it, and how to make it forget a city (nil for the shapes
/// that cannot).
struct CacheHandle: Sendable {
    /// Asks the cache about a city.
    let ask: @Sendable (String) async throws -> Weather
    /// Tells the cache to forget a city.
    let forget: (@Sendable (String) async throws -> Void)?
}

/// Builds a new cache of `shape` whose fetch is `service`, runs `body` with it, and cleans up after (the disk's
/// directory, for `weatherActorWithDisk`).
nonisolated(nonsending)
func withCache<T>(_ shape: CacheShape, asking service: FakeWeatherService,
                  _ body: (CacheHandle) async throws -> T) async throws -> T {
    let fetch: @Sendable (String) async throws -> Weather = { try await service.fetch($0) }
    switch shape {
    case .answersOnly:
        let cache = AnswersOnlyCache(fetch: fetch)
        return try await body(CacheHandle(ask: { try await cache.weather(in: $0) }, forget: nil))
    case .taskStoring:
        let cache = WeatherCache(fetch: fetch)
        return try await body(CacheHandle(ask: { try await cache.weather(in: $0) },
                                          forget: { await cache.forget($0) }))
    case .failureKeeping:
        let cache = FailureKeepingCache(fetch: fetch)
        return try await body(CacheHandle(ask: { try await cache.weather(in: $0) }, forget: nil))
    case .awaitingDiskActor:
        let cache = CacheAwaitingDisk(disk: DiskActor(), fetch: fetch)
        return try await body(CacheHandle(ask: { try await cache.weather(in: $0) }, forget: nil))
    case .weatherActorWithDisk:
        return try await withTemporaryDirectory { directory in
            let cache = WeatherActorCache(disk: try WeatherDisk(directory: directory), fetch: fetch)
            return try await body(CacheHandle(ask: { try await cache.weather(in: $0) },
                                              forget: { try await cache.forget($0) }))
        }
    }
}
