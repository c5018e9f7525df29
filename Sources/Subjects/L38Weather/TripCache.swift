/// Each trip's cache, an actor of its own (lesson 38, actors question 12): four of them update at once on as many
/// threads as the pool has.
public actor TripCache {
    /// What an update does.
    private let work: @Sendable () -> Void

    /// `work` is what an update does: in the lesson, a tenth of a second that never waits.
    public init(work: @escaping @Sendable () -> Void) {
        self.work = work
    }

    /// Does the update's work, on this cache's own actor.
    public func update() {
        work()
    }
}
