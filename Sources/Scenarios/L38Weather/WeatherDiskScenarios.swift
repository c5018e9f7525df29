import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// Lesson 38, step 5: the first launch asks about Seattle (one request, saved to the disk); `age` later a second
/// launch — a new `WeatherDisk` reading the same file, and a new `WeatherActorCache` — asks again. Returns the
/// requests the second launch made: 0 while the saved answer is under ten minutes old ("Found Seattle on disk"),
/// 1 from ten minutes on.
@concurrent
public func requestsAfterRelaunch(after age: Duration) async throws -> Int {
    try BadScenarioInput.require(age, notNegative: "age", in: "requestsAfterRelaunch")
    return try await withTemporaryDirectory { directory in
        let clock = ManualDate()
        let firstLaunch = FakeWeatherService()
        let firstCache = WeatherActorCache(disk: try WeatherDisk(directory: directory, now: clock.now),
                                           fetch: { try await firstLaunch.fetch($0) })
        _ = try await firstCache.weather(in: "Seattle")
        clock.advance(by: age)
        let secondLaunch = FakeWeatherService()
        let secondCache = WeatherActorCache(disk: try WeatherDisk(directory: directory, now: clock.now),
                                            fetch: { try await secondLaunch.fetch($0) })
        _ = try await secondCache.weather(in: "Seattle")
        return secondLaunch.requests
    }
}
