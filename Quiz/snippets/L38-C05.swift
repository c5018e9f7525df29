// L38-C05: a nonisolated method that reads only a `let` is called with no await, from synchronous code.

actor WeatherCache {
    private var answers: [String: String] = [:]
    let name = "Open-Meteo"

    nonisolated func describe() -> String {
        "A cache of answers from \(name)"
    }
}

func describeWithoutAwait(_ cache: WeatherCache) -> String {
    cache.describe()
}
