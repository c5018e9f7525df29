import Dispatch

/// A balance guarded by a concurrent DispatchQueue of its own, Swift's usual reader-writer shape: reads in
/// `queue.sync`, writes in barriers. `checkThenWithdraw` checks in a `sync` read and withdraws in an async barrier, so
/// two tasks may both read the old balance before either barrier runs; `withdraw` is its fixed twin, one barrier `sync`.
public final class ConcurrentQueueAccount: GuardedAccount, @unchecked Sendable {
    // @unchecked Sendable: `balance` is read only inside `queue.sync` blocks and written only inside barrier blocks.
    /// Guards `balance`: concurrent, made by this code, so a seeded run explores its reads and barriers.
    private let queue = DispatchQueue(label: "account", attributes: .concurrent)
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    public required init(_ balance: Int) { self.balance = balance }

    /// Withdraws `amount` if the balance covers it: the check in a `sync` read, the withdrawal in an async barrier.
    public func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = queue.sync { balance >= amount }
        guard enough else { return false }
        queue.async(flags: .barrier) { self.balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, in one barrier `sync`.
    public func withdraw(_ amount: Int) -> Bool {
        queue.sync(flags: .barrier) {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now, once every barrier sent before has run.
    public var current: Int { queue.sync { balance } }
}
