import Foundation
import Synchronization

/// A balance guarded by an NSLock: the shape every `@unchecked Sendable` class with a lock takes. `checkThenWithdraw`
/// checks in one locked section and withdraws in another, so another withdrawal may come between them; `withdraw` is
/// its fixed twin, one section.
public final class LockedAccount: GuardedAccount, @unchecked Sendable {
    // @unchecked Sendable: `balance` is read and written only inside `lock`'s sections, below.
    /// Guards `balance`.
    private let lock = NSLock()
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    public required init(_ balance: Int) { self.balance = balance }

    /// Withdraws `amount` if the balance covers it: the check in one section, the withdrawal in another.
    public func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = lock.withLock { balance >= amount }
        guard enough else { return false }
        lock.withLock { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, in one section.
    public func withdraw(_ amount: Int) -> Bool {
        lock.withLock {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    public var current: Int { lock.withLock { balance } }
}

/// The NSLock check-then-act: two child tasks each check and withdraw 100 from 100 in two sections.
@Sendable public func twoCheckThenWithdraws() async -> Int {
    await twoWithdrawals(from: LockedAccount.self) { $0.checkThenWithdraw(100) }
}
