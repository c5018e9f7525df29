/// `WeatherActor` as lesson 38, step 6 leaves it: on a serial executor of its own, because the disk's reads and
/// writes block their thread and the shared pool's threads must never block. The lesson uses a
/// `DispatchSerialQueue(label: "trips.weather")`; Linux has none, so it is a `ThreadExecutor` of that name.
/// Nothing else changes: one call at a time, and an await still frees the actor for the next call.
@globalActor
public actor OwnThreadWeatherActor {
    /// The one instance everything marked `@OwnThreadWeatherActor` takes turns on.
    public static let shared = OwnThreadWeatherActor()

    /// The thread this actor's code runs on.
    private let executor = ThreadExecutor(name: "trips.weather")

    /// What runs this actor's code: its own thread, not the shared pool.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }
}
