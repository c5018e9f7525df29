import Foundation
import Synchronization

// Locked sections, the way `@unchecked Sendable` classes write them: an NSLock (or an NSRecursiveLock, an NSCondition)
// guarding a few stored properties. Swift 6's checker proves no data race here; it does not prove that two sections
// make one atomic step.

/// An account whose balance a lock guards: an NSLock of its own, or a static pthread mutex (`StaticLedgerLock`).
final class LockedAccount: @unchecked Sendable {
    // @unchecked Sendable: `balance` is read and written only inside `lock`'s sections, below.
    /// Guards `balance`.
    private let lock: any NSLocking
    /// The money left.
    private var balance: Int

    /// An account holding `balance`, guarded by `lock`.
    init(_ balance: Int, lock: any NSLocking = NSLock()) {
        self.balance = balance
        self.lock = lock
    }

    /// Withdraws `amount` if the balance covers it, checking in one section and withdrawing in another.
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = lock.withLock { balance >= amount }
        guard enough else { return false }
        lock.withLock { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, checking and withdrawing in one section.
    func withdraw(_ amount: Int) -> Bool {
        lock.withLock {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    var current: Int { lock.withLock { balance } }
}

/// An account guarded by a concurrent `DispatchQueue`, the usual Swift reader-writer shape: reads in `sync`, writes in
/// barriers.
final class ConcurrentQueueAccount: @unchecked Sendable {
    // @unchecked Sendable: `balance` is read only inside `queue.sync` blocks and written only inside barrier blocks.
    /// Guards `balance`: a concurrent queue, whose plain blocks may run together and whose barrier blocks run alone.
    private let queue = DispatchQueue(label: "account", attributes: .concurrent)
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    init(_ balance: Int) { self.balance = balance }

    /// Withdraws `amount` if the balance covers it, checking in a `sync` read and withdrawing in an async barrier.
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = queue.sync { balance >= amount }
        guard enough else { return false }
        queue.async(flags: .barrier) { self.balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, checking and withdrawing in one barrier `sync`.
    func withdraw(_ amount: Int) -> Bool {
        queue.sync(flags: .barrier) {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now, once every barrier sent before has run.
    var current: Int { queue.sync { balance } }
}

/// The same account guarded by a serial `DispatchQueue` of its own, as code written before actors guards its state: each
/// section is a `sync` onto the queue.
final class QueueAccount: @unchecked Sendable {
    // @unchecked Sendable: `balance` is read and written only inside `queue.sync` blocks, below.
    /// Guards `balance`: a serial queue, whose blocks run one at a time.
    private let queue = DispatchQueue(label: "account")
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    init(_ balance: Int) { self.balance = balance }

    /// Withdraws `amount` if the balance covers it, checking in one `sync` and withdrawing in another.
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = queue.sync { balance >= amount }
        guard enough else { return false }
        queue.sync { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, checking and withdrawing in one `sync`.
    func withdraw(_ amount: Int) -> Bool {
        queue.sync {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    var current: Int { queue.sync { balance } }
}

/// The same account guarded by a `DispatchSemaphore(value: 1)` used as a lock, as code written before actors does: a
/// wait before each section, a signal after.
final class SemaphoreAccount: @unchecked Sendable {
    // @unchecked Sendable: `balance` is read and written only between `gate.wait()` and `gate.signal()`, below.
    /// Guards `balance`: a semaphore of one, which one section at a time holds.
    private let gate = DispatchSemaphore(value: 1)
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    init(_ balance: Int) { self.balance = balance }

    /// Runs `body` between a wait and a signal of `gate`.
    private func guarded<T>(_ body: () -> T) -> T {
        gate.wait()
        defer { gate.signal() }
        return body()
    }

    /// Withdraws `amount` if the balance covers it, checking in one section and withdrawing in another.
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = guarded { balance >= amount }
        guard enough else { return false }
        guarded { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, checking and withdrawing in one section.
    func withdraw(_ amount: Int) -> Bool {
        guarded {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    var current: Int { guarded { balance } }
}

/// The same account guarded by a `pthread_rwlock_t`, as Swift code on Linux guards state read often and written seldom
/// (Foundation has no reader-writer lock): the balance read under a read lock, which readers share, and changed under
/// the write lock, which a writer holds alone.
final class RwlockAccount: @unchecked Sendable {
    // @unchecked Sendable: `balance` is read only under a read or the write lock of `lock`, written only under its write
    // lock, below.
    /// Guards `balance`: on the heap, where its address stays put (a stored property's need not).
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>
    /// The money left.
    private var balance: Int

    /// An account holding `balance`.
    init(_ balance: Int) {
        lock = .allocate(capacity: 1)
        pthread_rwlock_init(lock, nil)
        self.balance = balance
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Runs `body` under a read lock.
    private func reading<T>(_ body: () -> T) -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }

    /// Runs `body` under the write lock.
    private func writing<T>(_ body: () -> T) -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return body()
    }

    /// Withdraws `amount` if the balance covers it, checking under a read lock and withdrawing under the write lock.
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = reading { balance >= amount }
        guard enough else { return false }
        writing { balance -= amount }
        return true
    }

    /// Withdraws `amount` if the balance covers it, checking and withdrawing under one write lock.
    func withdraw(_ amount: Int) -> Bool {
        writing {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    /// The balance now.
    var current: Int { reading { balance } }
}

/// The same account on `Mutex`.
final class MutexAccount: Sendable {
    /// The money left.
    private let balance: Mutex<Int>

    /// An account holding `balance`.
    init(_ balance: Int) { self.balance = Mutex(balance) }

    /// Withdraws `amount` if the balance covers it, checking in one section and withdrawing in another.
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = balance.withLock { $0 >= amount }
        guard enough else { return false }
        balance.withLock { $0 -= amount }
        return true
    }

    /// The balance now.
    var current: Int { balance.withLock { $0 } }
}

/// Two accounts whose every change goes through one NSRecursiveLock: a transfer holds it and calls the methods that
/// take it again.
final class TwoAccounts: @unchecked Sendable {
    // @unchecked Sendable: `accounts` is read and written only inside `lock`'s sections, below.
    /// Guards `accounts`; taken again by its holder.
    private let lock = NSRecursiveLock()
    /// The two accounts' money.
    private var accounts = [100, 100]

    /// Adds `amount` to account `index`.
    func deposit(_ amount: Int, to index: Int) { lock.withLock { accounts[index] += amount } }

    /// Takes `amount` from account `index`.
    func take(_ amount: Int, from index: Int) { lock.withLock { accounts[index] -= amount } }

    /// Moves `amount` from one account to the other, in one section around both.
    func transfer(_ amount: Int, from source: Int, to target: Int) {
        lock.withLock {
            take(amount, from: source)
            deposit(amount, to: target)
        }
    }

    /// The money in both accounts, read in one section.
    var total: Int { lock.withLock { accounts.reduce(0, +) } }
}

/// A queue that a thread of its own drains, fed under an NSCondition: how work is handed to a worker thread that a C
/// library or an engine needs.
final class HandedQueue: @unchecked Sendable {
    // @unchecked Sendable: `items` and `taken` are read and written only while `condition` is locked.
    /// Guards `items` and `taken`; signalled when an item comes.
    private let condition = NSCondition()
    /// Items not yet taken.
    private var items: [Int] = []
    /// Items taken, in order.
    private var taken: [Int] = []

    /// Hands `item` to the thread.
    func put(_ item: Int) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    /// On the thread: takes `count` items as they come, then gives them, in the order taken, to `done`.
    func drain(_ count: Int, then done: @Sendable ([Int]) -> Void) {
        done(take(count))
    }

    /// Takes `count` items as they come, waiting on the condition while none is left: every item taken so far, in the
    /// order taken.
    func take(_ count: Int) -> [Int] {
        condition.lock()
        while taken.count < count {
            while items.isEmpty { condition.wait() }
            taken.append(items.removeFirst())
        }
        let all = taken
        condition.unlock()
        return all
    }
}

/// An account with a lock of its own, as a bank's account objects each guard their balance: a transfer locks the
/// account it takes from, then the one it pays into.
final class OwnLockAccount: @unchecked Sendable {
    // @unchecked Sendable: `balance` is read and written only inside `lock`'s sections, below and in `transfer`.
    /// Guards `balance`.
    let lock = NSLock()
    /// The money in it.
    var balance: Int

    /// An account holding `balance`.
    init(_ balance: Int) { self.balance = balance }

    /// Moves `amount` to `target`: this account's lock, then the target's, held together.
    func transfer(_ amount: Int, to target: OwnLockAccount) {
        lock.withLock {
            target.lock.withLock {
                balance -= amount
                target.balance += amount
            }
        }
    }

    /// The balance now.
    var current: Int { lock.withLock { balance } }
}

#if os(Linux)
// nonisolated(unsafe): each is a mutex, touched only through the pthread functions, which keep their own promise.
/// The checking ledger's lock, as C keeps one (`static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;`): a global
/// in static storage, zero-filled, which glibc takes for the initializer; no `pthread_mutex_init` ever sees it.
nonisolated(unsafe) private var checkingLedgerLock = pthread_mutex_t()
/// The one-section ledger's lock, made the same way.
nonisolated(unsafe) private var oneSectionLedgerLock = pthread_mutex_t()
#else
// nonisolated(unsafe): each points at a mutex, touched only through the pthread functions.
/// Elsewhere a zero-filled mutex is no mutex (Darwin's needs its signature): made once by init, where no lock is a
/// choice point anyway.
nonisolated(unsafe) private let ledgerLocks: [UnsafeMutablePointer<pthread_mutex_t>] = (0..<2).map { _ in
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
    return mutex
}
#endif

/// A process-wide `pthread_mutex_t` in static storage, one per ledger, as a module ported from C keeps its lock.
enum StaticLedgerLock: NSLocking {
    /// The checking ledger's, and the one-section ledger's.
    case checking, oneSection

    /// Takes the lock, waiting while another thread holds it.
    func lock() { call(pthread_mutex_lock) }

    /// Lets the lock go.
    func unlock() { call(pthread_mutex_unlock) }

    /// Calls `function` with this ledger's mutex.
    private func call(_ function: (UnsafeMutablePointer<pthread_mutex_t>) -> Int32) {
        #if os(Linux)
        switch self {
        case .checking: _ = function(&checkingLedgerLock)
        case .oneSection: _ = function(&oneSectionLedgerLock)
        }
        #else
        _ = function(ledgerLocks[self == .checking ? 0 : 1])
        #endif
    }
}

/// Runs `withdraw` in two child tasks at once.
func inTwoChildTasks(_ withdraw: @escaping @Sendable () -> Bool) async {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { withdraw() }
        group.addTask { withdraw() }
        for await _ in group {}
    }
}

/// Withdraws 100 from `account` in two child tasks at once, each checking and acting in one section: how many were
/// refused.
func refusedOfTwoWithdrawals(from account: LockedAccount) async -> Int {
    await refusedInTwoChildTasks { account.withdraw(100) }
}

/// Runs `withdraw` in two child tasks at once: how many of the two were refused.
func refusedInTwoChildTasks(_ withdraw: @escaping @Sendable () -> Bool) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { withdraw() }
        group.addTask { withdraw() }
        var refused = 0
        for await done in group where !done { refused += 1 }
        return refused
    }
}

extension Program {
    /// Two tasks withdrawing 100 from 100, each checking the balance in one NSLock section and withdrawing in another.
    static let nslockCheckThenAct = Program(
        "nslock-check-then-act", "two child tasks withdraw 100 from 100, each checking in one NSLock section and acting in another",
        onTime: ["balance 0", "balance -100"],
        because: "the check and the withdrawal are two sections: the other task's whole withdrawal may come between "
            + "them (on a pool of two threads, or where the schedule pauses a job at the lock), and both withdraw"
    ) {
        let account = LockedAccount(100)
        await inTwoChildTasks { account.checkThenWithdraw(100) }
        return "balance \(account.current)"
    }

    /// The fixed twin: the check and the withdrawal in one section.
    static let nslockOneSection = Program(
        "nslock-one-section", "two child tasks withdraw 100 from 100, each checking and acting in one NSLock section",
        onTime: ["balance 0, 1 refused"],
        because: "the check and the withdrawal are one section, so the second task in sees the first one's withdrawal "
            + "and is refused, in any interleaving"
    ) {
        let account = LockedAccount(100)
        let refused = await refusedOfTwoWithdrawals(from: account)
        return "balance \(account.current), \(refused) refused"
    }

    /// The check-then-act with a serial `DispatchQueue` for a lock: the check in one `sync`, the withdrawal in another.
    static let queueSyncCheckThenAct = Program(
        "queue-sync-check-then-act", "two child tasks withdraw 100 from 100, each checking in one sync onto a serial "
            + "DispatchQueue and acting in another",
        onTime: ["balance 0", "balance -100"],
        because: "a serial queue runs one block at a time, but the check and the withdrawal are two blocks: the other "
            + "task's whole withdrawal may run between them (on a pool of two threads, or where the schedule pauses a "
            + "job at the second sync), and both withdraw"
    ) {
        let account = QueueAccount(100)
        await inTwoChildTasks { account.checkThenWithdraw(100) }
        return "balance \(account.current)"
    }

    /// Its fixed twin: the check and the withdrawal in one `sync`.
    static let queueSyncOneSection = Program(
        "queue-sync-one-section", "two child tasks withdraw 100 from 100, each checking and acting in one sync onto a "
            + "serial DispatchQueue",
        onTime: ["balance 0, 1 refused"],
        because: "the check and the withdrawal are one block of a serial queue, which runs blocks one at a time: the "
            + "second task's block sees the first one's withdrawal and is refused, in any interleaving"
    ) {
        let account = QueueAccount(100)
        let refused = await refusedInTwoChildTasks { account.withdraw(100) }
        return "balance \(account.current), \(refused) refused"
    }

    /// The check-then-act with a concurrent `DispatchQueue`: the check in a `sync` read, the withdrawal in an async
    /// barrier.
    static let concurrentQueueCheckThenAct = Program(
        "concurrent-queue-check-then-act", "two child tasks withdraw 100 from 100, each checking in a sync read of a "
            + "concurrent DispatchQueue and withdrawing in an async barrier",
        onTime: ["balance 0", "balance -100"],
        because: "a barrier runs alone, but the check is a read before it: both tasks may read 100 before either "
            + "sends its barrier (on a pool of two threads, or where the schedule pauses a job as it sends the "
            + "barrier), and both barriers withdraw; the final read waits for both barriers, sent before it"
    ) {
        let account = ConcurrentQueueAccount(100)
        await inTwoChildTasks { account.checkThenWithdraw(100) }
        return "balance \(account.current)"
    }

    /// Its fixed twin: the check and the withdrawal in one barrier `sync`.
    static let concurrentQueueOneBarrier = Program(
        "concurrent-queue-one-barrier", "two child tasks withdraw 100 from 100, each checking and acting in one "
            + "barrier sync onto a concurrent DispatchQueue",
        onTime: ["balance 0, 1 refused"],
        because: "a barrier block runs alone on its queue: the second task's barrier sees the first one's withdrawal "
            + "and is refused, in any interleaving"
    ) {
        let account = ConcurrentQueueAccount(100)
        let refused = await refusedInTwoChildTasks { account.withdraw(100) }
        return "balance \(account.current), \(refused) refused"
    }

    /// The check-then-act with a `pthread_rwlock_t`: the check under a read lock, the withdrawal under the write lock.
    static let rwlockCheckThenAct = Program(
        "rwlock-check-then-act", "two child tasks withdraw 100 from 100, each checking under a read lock of a "
            + "pthread rwlock and acting under its write lock",
        onTime: ["balance 0", "balance -100"],
        because: "the check and the withdrawal are two sections, and two readers may even check at once: the other "
            + "task's whole withdrawal may come between one task's check and its write lock (on a pool of two threads, "
            + "or where the schedule pauses a job at the write lock), and both withdraw"
    ) {
        let account = RwlockAccount(100)
        await inTwoChildTasks { account.checkThenWithdraw(100) }
        return "balance \(account.current)"
    }

    /// Its fixed twin: the check and the withdrawal under one write lock.
    static let rwlockOneWriteSection = Program(
        "rwlock-one-write-section", "two child tasks withdraw 100 from 100, each checking and acting under one write "
            + "lock of a pthread rwlock",
        onTime: ["balance 0, 1 refused"],
        because: "the check and the withdrawal are one write section, which a writer holds alone: the second task's "
            + "section sees the first one's withdrawal and is refused, in any interleaving"
    ) {
        let account = RwlockAccount(100)
        let refused = await refusedInTwoChildTasks { account.withdraw(100) }
        return "balance \(account.current), \(refused) refused"
    }

    /// The check-then-act with a `DispatchSemaphore(value: 1)` as the lock: the check between one wait and signal, the
    /// withdrawal between another.
    static let semaphoreCheckThenAct = Program(
        "semaphore-check-then-act", "two child tasks withdraw 100 from 100, each checking between one wait and signal "
            + "of a DispatchSemaphore(value: 1) and acting between another",
        onTime: ["balance 0", "balance -100"],
        because: "a semaphore of one is a lock, and the check and the withdrawal are two sections of it: the other "
            + "task's whole withdrawal may come between them (on a pool of two threads, or where the schedule pauses a "
            + "job at its second wait), and both withdraw"
    ) {
        let account = SemaphoreAccount(100)
        await inTwoChildTasks { account.checkThenWithdraw(100) }
        return "balance \(account.current)"
    }

    /// Its fixed twin: the check and the withdrawal between one wait and signal.
    static let semaphoreOneSection = Program(
        "semaphore-one-section", "two child tasks withdraw 100 from 100, each checking and acting between one wait and "
            + "signal of a DispatchSemaphore(value: 1)",
        onTime: ["balance 0, 1 refused"],
        because: "the check and the withdrawal are one section, which one task at a time is in (the other's wait "
            + "blocks until the signal): the second task's section sees the first one's withdrawal and is refused, in "
            + "any interleaving"
    ) {
        let account = SemaphoreAccount(100)
        let refused = await refusedInTwoChildTasks { account.withdraw(100) }
        return "balance \(account.current), \(refused) refused"
    }

    /// The check-then-act under a static pthread mutex that no init sees (`PTHREAD_MUTEX_INITIALIZER`).
    static let staticMutexCheckThenAct = Program(
        "static-mutex-check-then-act", "two child tasks withdraw 100 from 100, each checking in one section of a "
            + "static pthread mutex (never initialised) and acting in another",
        onTime: ["balance 0", "balance -100"],
        because: "as with an NSLock, the check and the withdrawal are two sections: the other task's whole withdrawal "
            + "may come between them, and both withdraw; how the mutex was made changes nothing"
    ) {
        let account = LockedAccount(100, lock: StaticLedgerLock.checking)
        await inTwoChildTasks { account.checkThenWithdraw(100) }
        return "balance \(account.current)"
    }

    /// Its fixed twin: the check and the withdrawal in one section of the static mutex.
    static let staticMutexOneSection = Program(
        "static-mutex-one-section", "two child tasks withdraw 100 from 100, each checking and acting in one section "
            + "of a static pthread mutex (never initialised)",
        onTime: ["balance 0, 1 refused"],
        because: "the check and the withdrawal are one section, so the second task in sees the first one's withdrawal "
            + "and is refused, in any interleaving"
    ) {
        let account = LockedAccount(100, lock: StaticLedgerLock.oneSection)
        let refused = await refusedOfTwoWithdrawals(from: account)
        return "balance \(account.current), \(refused) refused"
    }

    /// The check-then-act on `Mutex`: the same race, in code the harness cannot pause.
    static let mutexCheckThenAct = Program(
        "mutex-check-then-act", "two child tasks withdraw 100 from 100, each checking in one Mutex section and acting in another",
        onTime: ["balance 0", "balance -100"],
        because: "as with an NSLock, the other task's withdrawal may come between the two sections; a Mutex's lock is "
            + "inline atomics in the caller, so the harness never pauses a job there and shows only the first",
        inlineLocks: true
    ) {
        let account = MutexAccount(100)
        await inTwoChildTasks { account.checkThenWithdraw(100) }
        return "balance \(account.current)"
    }

    /// Transfers under an NSRecursiveLock whose holder takes it again, beside an audit.
    static let recursiveLockTransfers = Program(
        "recursive-lock-transfers", "two child tasks transfer between two accounts under an NSRecursiveLock taken again "
            + "inside the transfer; a third audits the total",
        onTime: ["total 200, audit 200"],
        because: "a transfer holds the lock across both of its nested sections (its holder takes it again without "
            + "waiting), so the audit, one section too, never sees money in flight"
    ) {
        let ledger = TwoAccounts()
        let audit = await withTaskGroup(of: Int?.self) { group in
            group.addTask { ledger.transfer(30, from: 0, to: 1); return nil }
            group.addTask { ledger.transfer(50, from: 1, to: 0); return nil }
            group.addTask { ledger.total }
            var audit = 0
            for await total in group { audit = total ?? audit }
            return audit
        }
        return "total \(ledger.total), audit \(audit)"
    }

    /// Two transfers in opposite directions between accounts that each have a lock: each takes its source's lock,
    /// then its target's.
    static let lockOrderInversion = Program(
        "lock-order-inversion", "two child tasks transfer in opposite directions between two accounts with an NSLock "
            + "each, each locking the account it takes from, then the one it pays into",
        onTime: ["balances 120 and 80", Program.deadlock],
        because: "the two transfers take the same two locks in opposite orders: if each task takes its first lock "
            + "before the other takes its second, each waits for the lock the other holds, and neither can ever go on "
            + "(a deadlock: on the real pool two of its threads block for good); otherwise both transfers finish "
            + "and the money adds up"
    ) {
        let first = OwnLockAccount(100), second = OwnLockAccount(100)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { first.transfer(30, to: second) }
            group.addTask { second.transfer(50, to: first) }
        }
        return "balances \(first.current) and \(second.current)"
    }

    /// A task hands items to a thread of its own that waits for them on an NSCondition.
    static let nsconditionHandsToThread = Program(
        "nscondition-hands-to-thread", "a task puts 1, 2, 3 under an NSCondition, yielding between; a Thread waits on "
            + "it for each and resumes an async let's continuation with what it took",
        onTime: ["[1, 2, 3]"],
        because: "one producer puts the items in order under the condition's lock and the thread takes them in that "
            + "order, waiting whenever none is left; a signal with nobody waiting is not lost, as the item stays queued"
    ) {
        let queue = HandedQueue()
        async let taken = withCheckedContinuation { continuation in
            Thread { queue.drain(3) { continuation.resume(returning: list($0)) } }.start()
        }
        for item in 1...3 {
            queue.put(item)
            await Task.yield()
        }
        return await taken
    }

    /// A producer task and a consumer task of one group hand items over under an NSCondition: the consumer waits on it
    /// while none is left, blocking its thread (the pool's other thread runs the producer).
    static let nsconditionBetweenTasks = Program(
        "nscondition-between-tasks", "a child task puts 1, 2, 3 under an NSCondition, signalling each; a sibling "
            + "takes three, waiting on the condition whenever none is left",
        onTime: ["[1, 2, 3]"],
        because: "one producer puts the items in order under the condition's lock and the consumer takes them in that "
            + "order; a consumer that finds none waits, its wait releasing the lock, and the producer's next signal "
            + "wakes it (a signal with nobody waiting is lost, but the item stays queued and the consumer looks before "
            + "it waits); the pool has a thread besides the consumer's for the producer. The producer is added first: "
            + "a one-thread pool that started the consumer first would never run the producer"
    ) {
        let queue = HandedQueue()
        return await withTaskGroup(of: [Int].self) { group in
            group.addTask {
                for item in 1...3 { queue.put(item) }
                return []
            }
            group.addTask { queue.take(3) }
            return list(await group.reduce([], +))
        }
    }
}
