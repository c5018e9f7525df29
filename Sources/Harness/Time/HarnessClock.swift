import Foundation

/// A clock for code that takes one (`some Clock<Duration>`), driven by the run it is used in: under `seeded` it
/// reads the run's virtual time and its sleeps are the harness's virtual timers, exact to the nanosecond; under
/// `strict` and `system` it is real time since the run started; outside any run, real time since the clock was
/// first read in the process. What swift-clocks' `TestClock` gives a test by hand, the schedule gives here.
public struct HarnessClock: Clock, Sendable {
    /// A moment of the run's time: how long after the run started.
    public struct Instant: InstantProtocol, Hashable, Sendable, CustomStringConvertible {
        /// Time since the run started.
        public var offset: Duration

        /// The moment `duration` after this one.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        /// How long from this moment to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        /// Whether this moment comes first.
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
        /// `+1.5 seconds`.
        public var description: String { "+\(offset)" }
    }

    /// A clock for the current run.
    public init() {}

    /// Now, in the run's time.
    public var now: Instant {
        if isOnHarnessThread() || SystemRunStart.instant != nil { return Instant(offset: ScenarioClock.elapsed) }
        return Instant(offset: Self.processStart.duration(to: .now))
    }

    /// One nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// Sleeps until `deadline`: a virtual timer under `seeded`, a real one otherwise.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try await Task.sleep(for: now.duration(to: deadline))
    }

    /// Where time starts outside any run.
    private static let processStart = ContinuousClock.now
}
