/// The actor the weather's types share: the cache in memory and the copy on disk (lesson 38, step 5). On one actor
/// they use each other directly, with no `await` — so a look at one and a change to the other happen in one step.
///
/// A global actor is one instance for the whole process: tests that use it run one after another, so that no test's
/// calls are run by another test's thread.
@globalActor
public actor WeatherActor {
    /// The one instance everything marked `@WeatherActor` takes turns on.
    public static let shared = WeatherActor()
}
