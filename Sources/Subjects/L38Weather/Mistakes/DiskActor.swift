/// The answers saved by an earlier launch, kept by an actor of its own (lesson 38, actors question 11). Every call
/// into it from another actor is an await — and so a gap in which that other actor takes the next call.
public actor DiskActor {
    /// The saved answers, by city.
    private var saved: [String: Weather] = [:]

    /// A disk with nothing saved yet.
    public init() {}

    /// A city's saved weather, if there is any.
    public func saved(_ city: String) -> Weather? {
        saved[city]
    }

    /// Keeps a city's weather.
    public func save(_ weather: Weather, for city: String) {
        saved[city] = weather
    }
}
