/// The cache lesson 38 warns about (actors, question 1): it checks its dictionary, awaits the request, and only then
/// stores the answer. Two callers at once both find nothing before the await, and both ask: two requests.
public actor AnswersOnlyCache {
    /// The answers given so far, by city — stored only once the request is back.
    private var answers: [String: Weather] = [:]
    /// Asks about one city: the stand-in for Open-Meteo.
    private let fetch: @Sendable (String) async throws -> Weather

    /// `fetch` stands in for Open-Meteo: it asks about one city.
    public init(fetch: @escaping @Sendable (String) async throws -> Weather) {
        self.fetch = fetch
    }

    /// The weather in a city: an answer already stored, or a new request — even if one is already on its way.
    public func weather(in city: String) async throws -> Weather {
        if let known = answers[city] {
            return known
        }
        let answer = try await fetch(city)      // the actor is free here: the next caller finds nothing yet
        answers[city] = answer
        return answer
    }
}
