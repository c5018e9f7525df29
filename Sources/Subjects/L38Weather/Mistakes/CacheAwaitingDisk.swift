/// A cache that stores its questions as `WeatherCache` does, but looks on a disk that is an actor of its own between
/// the check and the store (lesson 38, actors question 11). The await on the disk opens the gap again: while the
/// first caller waits for the disk, the second finds nothing in memory either, and both ask — two requests.
public actor CacheAwaitingDisk {
    /// Each city's question, asked or answered, by city.
    private var answers: [String: Task<Weather, any Error>] = [:]
    /// Where answers are kept between launches: an actor of its own.
    private let disk: DiskActor
    /// Asks about one city: the stand-in for Open-Meteo.
    private let fetch: @Sendable (String) async throws -> Weather

    /// `disk` keeps answers between launches; `fetch` stands in for Open-Meteo.
    public init(disk: DiskActor, fetch: @escaping @Sendable (String) async throws -> Weather) {
        self.disk = disk
        self.fetch = fetch
    }

    /// The weather in a city: a question already asked, an answer on the disk, or a new question.
    public func weather(in city: String) async throws -> Weather {
        if let asked = answers[city] {
            return try await asked.value
        }
        // another actor: an await between the check and the store
        if let saved = await disk.saved(city) {
            return saved
        }
        let fetch = self.fetch
        let question = Task { try await fetch(city) }
        answers[city] = question
        do {
            let answer = try await question.value
            await disk.save(answer, for: city)
            return answer
        } catch {
            answers[city] = nil         // a failure is not kept: the next question asks again
            throw error
        }
    }
}
