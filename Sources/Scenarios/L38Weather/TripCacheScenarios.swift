import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// How four updates at once overlapped: how many ran, and the most that ran at the same moment.
public struct Overlap: Hashable, Sendable, CustomStringConvertible {
    /// Updates that ran.
    public let updates: Int
    /// The most that ran at the same moment.
    public let mostAtOnce: Int

    /// An outcome, as a test expects it.
    public init(updates: Int, mostAtOnce: Int) {
        self.updates = updates
        self.mostAtOnce = mostAtOnce
    }

    /// "4 updates, at most 1 at once".
    public var description: String { "\(updates) updates, at most \(mostAtOnce) at once" }
}

/// Lesson 38, actors question 12: four trips' caches update at once (child tasks of one group). Each update holds its
/// thread until another update has run at the same moment, or `patience` is up. With each cache an actor of its own
/// (`TripCache`), they overlap on a pool of two or more threads; with all of them on one global actor
/// (`SharedTripCache` on `TripsActor`) they take turns: at most 1 at once, each waiting out its whole patience.
@concurrent
public func fourUpdatesAtOnce(_ shape: TripCacheShape, patience: Duration) async throws -> Overlap {
    let onOneGlobalActor = shape == .oneGlobalActor
    try BadScenarioInput.require(patience, notNegative: "patience", in: "fourUpdatesAtOnce")
    let meter = OverlapMeter()
    let work: @Sendable () -> Void = { meter.workUntilCompany(patience: patience) }
    let updates = await withTaskGroup(of: Int.self) { group in
        for _ in 1...4 {
            if onOneGlobalActor {
                let cache = SharedTripCache(work: work)
                group.addTask { await cache.update(); return 1 }
            } else {
                let cache = TripCache(work: work)
                group.addTask { await cache.update(); return 1 }
            }
        }
        return await group.reduce(0, +)
    }
    return Overlap(updates: updates, mostAtOnce: meter.mostAtOnce)
}

/// Where the four trips' caches update.
public enum TripCacheShape: String, CaseIterable, Sendable, Decodable {
    /// Each on an actor of its own, `TripCache`: they overlap.
    case ownActors
    /// All on one global actor, `SharedTripCache` on `TripsActor`: they take turns.
    case oneGlobalActor
}
