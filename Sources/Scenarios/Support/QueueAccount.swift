import Dispatch

/// A balance guarded by a serial DispatchQueue of its own, as code written before actors does: `queue.sync` is its
/// lock. `checkThenWithdraw` checks in one `sync` and withdraws in another, so another withdrawal may come between
/// them; `withdraw` is its fixed twin, one `sync`.
public final class QueueAccount: GuardedAccount, @unchecked Sendable {
    // @unchecked Sendable: `balance` is read and written only inside `queue.sync` blocks, below.
    /// Guards `balance`: serial, made by this code, so a seeded run explores its `sync`s.
    private let queue = DispatchQueue(label: "account")
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    public required init(_ balance: Int) { self.balance = balance }

    /// Withdraws `amount` if the balance covers it: the check in one `sync`, the withdrawal in another.
    public func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = queue.sync { balance >= amount }
        guard enough else { return false }
        queue.sync { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, in one `sync`.
    public func withdraw(_ amount: Int) -> Bool {
        queue.sync {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    public var current: Int { queue.sync { balance } }
}
