import Dispatch

/// A balance guarded by a `DispatchSemaphore(value: 1)` used as a lock, as code written before actors does: `wait()`
/// before each section, `signal()` after. `checkThenWithdraw` checks in one section and withdraws in another, so another
/// withdrawal may come between them; `withdraw` is its fixed twin, one section.
public final class SemaphoreAccount: GuardedAccount, @unchecked Sendable {
    // @unchecked Sendable: `balance` is read and written only between `gate.wait()` and `gate.signal()`, below.
    /// Guards `balance`: made with a count of one by this code, so a seeded run explores the entry of each wait.
    private let gate = DispatchSemaphore(value: 1)
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    public required init(_ balance: Int) { self.balance = balance }

    /// Runs `body` between a wait and a signal of `gate`.
    private func guarded<T>(_ body: () -> T) -> T {
        gate.wait()
        defer { gate.signal() }
        return body()
    }

    /// Withdraws `amount` if the balance covers it: the check in one section, the withdrawal in another.
    public func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = guarded { balance >= amount }
        guard enough else { return false }
        guarded { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, in one section.
    public func withdraw(_ amount: Int) -> Bool {
        guarded {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    public var current: Int { guarded { balance } }
}
