/// The weather already asked for, shared by every screen — with the questions still on their way (lesson 38,
/// step 4). It keeps a `Task` per city, stored before the first await, so a second caller arriving while the first
/// waits awaits the same question instead of asking again. A question that fails is forgotten.
public actor WeatherCache {
    /// Each city's question, asked or answered, by city.
    private var answers: [String: Task<Weather, any Error>] = [:]
    /// Asks about one city: the stand-in for Open-Meteo.
    private let fetch: @Sendable (String) async throws -> Weather

    /// `fetch` stands in for Open-Meteo: it asks about one city.
    public init(fetch: @escaping @Sendable (String) async throws -> Weather) {
        self.fetch = fetch
    }

    /// The weather in a city: an answer already given, a question already asked, or a new question.
    public func weather(in city: String) async throws -> Weather {
        if let asked = answers[city] {
            return try await asked.value
        }
        let fetch = self.fetch
        let question = Task { try await fetch(city) }
        answers[city] = question
        do {
            return try await question.value
        } catch {
            answers[city] = nil         // a failure is not kept: the next question asks again
            throw error
        }
    }

    /// Forgets a city's weather, so that the next question asks again.
    public func forget(_ city: String) {
        answers[city] = nil
    }
}
