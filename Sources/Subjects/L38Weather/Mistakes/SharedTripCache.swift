/// Each trip's cache, all of them on the one `TripsActor` (lesson 38, actors question 12): a global actor is one line
/// for everything marked with its name, so four updates take turns, however many threads the pool has.
@TripsActor
public final class SharedTripCache {
    /// What an update does.
    private let work: @Sendable () -> Void

    /// `work` is what an update does. `nonisolated`, so that any code may make a cache.
    public nonisolated init(work: @escaping @Sendable () -> Void) {
        self.work = work
    }

    /// Does the update's work, on `TripsActor`.
    public func update() {
        work()
    }
}
