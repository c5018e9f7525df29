/// The global actor of lesson 38, actors question 12, that every trip's cache shares. It is the lesson's
/// `WeatherActor` under another name, so that measuring it never holds the weather's actor.
@globalActor
public actor TripsActor {
    /// The one instance everything marked `@TripsActor` takes turns on.
    public static let shared = TripsActor()
}
