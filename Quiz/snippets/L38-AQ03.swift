actor WeatherCache {
    var answers: [String: String] = [:]

    nonisolated func count() -> Int {
        answers.count
    }
}
