import Foundation

/// A flag that can be claimed once, by whichever of two racers comes first.
///
/// `@unchecked Sendable`: `claimed` is only touched under `lock`.
final class Once: @unchecked Sendable {
    /// Guards `claimed`.
    private let lock = OwnLocks.lock()
    /// Whether someone claimed it.
    private var claimed = false

    /// Whether someone claimed it already.
    var isClaimed: Bool {
        lock.lock()
        defer { lock.unlock() }
        return claimed
    }

    /// True for the first caller only.
    func claim() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        if claimed { return false }
        claimed = true
        return true
    }
}
