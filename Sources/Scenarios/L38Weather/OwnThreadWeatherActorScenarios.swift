import ConcurrencyProofsSubjects

/// Lesson 38, step 6: the name of the thread that runs `@OwnThreadWeatherActor` code — "trips.weather", the actor's
/// own, as the lesson's saves printed "on trips.weather".
@OwnThreadWeatherActor
public func whereDoesTheWeatherRun() -> String {
    currentThreadName()
}
