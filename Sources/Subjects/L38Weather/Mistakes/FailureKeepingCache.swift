/// The cache of lesson 38, actors question 2: it stores each city's `Task` before awaiting it, as `WeatherCache`
/// does, but never forgets one that failed. Awaiting the failed task again rethrows its error without asking anyone:
/// the same failure for ever, and no new request.
public actor FailureKeepingCache {
    /// Each city's question, asked or answered, by city.
    private var answers: [String: Task<Weather, any Error>] = [:]
    /// Asks about one city: the stand-in for Open-Meteo.
    private let fetch: @Sendable (String) async throws -> Weather

    /// `fetch` stands in for Open-Meteo: it asks about one city.
    public init(fetch: @escaping @Sendable (String) async throws -> Weather) {
        self.fetch = fetch
    }

    /// The weather in a city: the stored question's result — its answer, or its failure — or a new question.
    public func weather(in city: String) async throws -> Weather {
        if let asked = answers[city] {
            return try await asked.value
        }
        let fetch = self.fetch
        let question = Task { try await fetch(city) }
        answers[city] = question
        return try await question.value
    }
}
