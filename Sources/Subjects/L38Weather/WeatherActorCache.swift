/// The cache of lesson 38, step 5: on `WeatherActor` with its disk, so it looks in memory, then on disk, then asks —
/// and the look on disk is an ordinary call with no await, so no other call can come between the check and the store.
/// Two callers at once: one request.
@WeatherActor
public final class WeatherActorCache {
    /// Each city's question, asked or answered, by city.
    private var answers: [String: Task<Weather, any Error>] = [:]
    /// Where answers are kept between launches, if anywhere.
    private let disk: WeatherDisk?
    /// Asks about one city: the stand-in for Open-Meteo.
    private let fetch: @Sendable (String) async throws -> Weather

    /// `disk`: where answers are kept between launches — nowhere, unless the cache is given one. `fetch` stands in
    /// for Open-Meteo. `nonisolated`, so that any code may make a cache.
    public nonisolated init(disk: WeatherDisk? = nil, fetch: @escaping @Sendable (String) async throws -> Weather) {
        self.disk = disk
        self.fetch = fetch
    }

    /// The weather in a city: an answer already given, a question already asked, an answer on disk from the last ten
    /// minutes, or a new question.
    public func weather(in city: String) async throws -> Weather {
        if let asked = answers[city] {
            return try await asked.value
        }
        // the disk is on WeatherActor too: no await, so no gap
        if let recent = disk?.recent(in: city) {
            return recent
        }
        let fetch = self.fetch
        let question = Task { try await fetch(city) }
        answers[city] = question
        do {
            let answer = try await question.value
            try disk?.save(answer, for: city)
            return answer
        } catch {
            answers[city] = nil         // a failure is not kept: the next question asks again
            throw error
        }
    }

    /// Forgets a city's weather — in memory and on disk — so that the next question asks again.
    public func forget(_ city: String) throws {
        answers[city] = nil
        try disk?.forget(city)
    }
}
