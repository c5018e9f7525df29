import Foundation
import Synchronization

/// A wall clock that moves only when told to, for ageing what a `WeatherDisk` saved. It starts at a fixed date, so
/// runs are the same every time.
final class ManualDate: Sendable {
    private let date = Mutex(Date(timeIntervalSince1970: 1_800_000_000))

    /// The clock's date now.
    @Sendable
    func now() -> Date {
        date.withLock { $0 }
    }

    /// Moves the clock on by `duration`.
    func advance(by duration: Duration) {
        let (seconds, attoseconds) = duration.components
        date.withLock { $0 += Double(seconds) + Double(attoseconds) / 1e18 }
    }
}
