import Foundation

/// A balance guarded by a reader-writer lock: reads share it, writes have it alone. `checkThenWithdraw` checks under a
/// read lock and withdraws under a write lock, so another withdrawal may come between them; `withdraw` is its fixed
/// twin, one write section.
public final class RwlockAccount: GuardedAccount, @unchecked Sendable {
    // @unchecked Sendable: `balance` is read only under a read or write lock of `lock`, and written only under its
    // write lock, below.
    /// Guards `balance`.
    private let lock = RwLock()
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    public required init(_ balance: Int) { self.balance = balance }

    /// Withdraws `amount` if the balance covers it: the check under a read lock, the withdrawal under a write lock.
    public func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = lock.reading { balance >= amount }
        guard enough else { return false }
        lock.writing { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, under one write lock.
    public func withdraw(_ amount: Int) -> Bool {
        lock.writing {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    public var current: Int { lock.reading { balance } }
}

/// A `pthread_rwlock_t` of the code's own, on the heap (a Swift stored property has no stable address).
public final class RwLock: @unchecked Sendable {
    // @unchecked Sendable: the lock is touched only through the pthread functions, which keep their own promise.
    /// The lock itself, for the pthread calls.
    public let lock: UnsafeMutablePointer<pthread_rwlock_t>

    /// A lock of the default kind (readers preferred).
    public init() {
        lock = .allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` under a read lock.
    public func reading<T>(_ body: () -> T) -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }

    /// Runs `body` under the write lock.
    public func writing<T>(_ body: () -> T) -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }
}
