import Foundation
import Harness
import HarnessTesting
import Synchronization
import Testing

// PROTOTYPE (notes/i37-design.md): the code under test's locks as choice points of seeded runs.

/// A balance guarded by an NSLock; `checkThenWithdraw` checks in one locked section and withdraws in another.
private final class LockedAccount: @unchecked Sendable {
    // @unchecked Sendable: `balance` is only touched under `lock`.
    private let lock = NSLock()
    private var balance: Int
    init(_ balance: Int) { self.balance = balance }

    /// Two sections: another withdrawal may come between the check and the act.
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = lock.withLock { balance >= amount }
        guard enough else { return false }
        lock.withLock { balance -= amount }
        return true
    }

    /// One section: the fixed twin.
    func withdraw(_ amount: Int) -> Bool {
        lock.withLock {
            guard balance >= amount else { return false }
            balance -= amount
            return true
        }
    }

    var current: Int { lock.withLock { balance } }
}

/// The same check-then-act on `Mutex`, whose lock is inline atomics the harness cannot see.
private final class MutexAccount: Sendable {
    private let balance: Mutex<Int>
    init(_ balance: Int) { self.balance = Mutex(balance) }
    func checkThenWithdraw(_ amount: Int) -> Bool {
        let enough = balance.withLock { $0 >= amount }
        guard enough else { return false }
        balance.withLock { $0 -= amount }
        return true
    }
    var current: Int { balance.withLock { $0 } }
}

/// Who is inside a section now, and how often two were.
private final class SectionCounts: Sendable {
    let inside = Atomic<Int>(0)
    let overlap = Atomic<Int>(0)
}

/// Two withdrawals of 100 from 100, in two child tasks: the balance left.
private func twoWithdrawals(_ withdraw: @escaping @Sendable () -> Bool, balance: @escaping @Sendable () -> Int) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { withdraw() }
        group.addTask { withdraw() }
        for await _ in group {}
    }
    return balance()
}

@Suite("Locks of the code under test are choice points under seeded schedules (prototype)", .serialized,
       scaledTimeLimit(minutes: 2))
struct LockChoicePointTests {
    @Test("an NSLock check-then-act overdraws under some seeds, and its replay string overdraws again")
    func checkThenActOverdraws() async throws {
        var overdrawn: [UInt64] = []
        var interleaving: Interleaving?
        let pausesBefore = LockPoints.pauses
        for seed in UInt64(0)..<200 {
            let run = try await Harness.run(.seeded(seed)) {
                let account = LockedAccount(100)
                return await twoWithdrawals({ account.checkThenWithdraw(100) }, balance: { account.current })
            }
            if run.value < 0 {
                overdrawn.append(seed)
                if interleaving == nil { interleaving = run.interleaving }
            }
        }
        print("[locks] check-then-act: overdrawn on \(overdrawn.count) of 200 seeds, first \(overdrawn.prefix(5)); " +
              "pauses \(LockPoints.pauses - pausesBefore)")
        #expect(!overdrawn.isEmpty, "no seed interleaved the two sections")
        let replayed = try await Harness.run(.replay(try #require(interleaving))) {
            let account = LockedAccount(100)
            return await twoWithdrawals({ account.checkThenWithdraw(100) }, balance: { account.current })
        }
        #expect(replayed.value < 0, "the replay of \(interleaving!) did not overdraw")
        // The same seed, twice: the same schedule.
        let seed = try #require(overdrawn.first)
        let again = try await Harness.run(.seeded(seed)) {
            let account = LockedAccount(100)
            return await twoWithdrawals({ account.checkThenWithdraw(100) }, balance: { account.current })
        }
        #expect(again.value < 0)
    }

    @Test("the fixed twin (one section) never overdraws; under strict the broken one does not either")
    func fixedTwinHolds() async throws {
        for seed in UInt64(0)..<200 {
            let run = try await Harness.run(.seeded(seed)) {
                let account = LockedAccount(100)
                return await twoWithdrawals({ account.withdraw(100) }, balance: { account.current })
            }
            #expect(run.value == 0, "seed \(seed)")
        }
        let strict = try await Harness.run(.strict) {
            let account = LockedAccount(100)
            return await twoWithdrawals({ account.checkThenWithdraw(100) }, balance: { account.current })
        }
        #expect(strict.value == 0)
    }

    @Test("a lock held by a paused job blocks the job that wants it until released, one job at a time")
    func heldLockBlocks() async throws {
        let waitsBefore = LockPoints.waits
        var overlaps = 0
        for seed in UInt64(0)..<100 {
            let run = try await Harness.run(.seeded(seed)) {
                let outer = NSLock(), inner = NSLock()
                let counts = SectionCounts()
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<3 {
                        group.addTask {
                            outer.withLock {
                                if counts.inside.add(1, ordering: .relaxed).newValue > 1 {
                                    counts.overlap.add(1, ordering: .relaxed)
                                }
                                inner.withLock {}  // a choice point while `outer` is held
                                counts.inside.subtract(1, ordering: .relaxed)
                            }
                        }
                    }
                }
                return counts.overlap.load(ordering: .relaxed)
            }
            overlaps += run.value
        }
        let waits = LockPoints.waits - waitsBefore
        print("[locks] held lock: \(waits) waits over 100 seeds, \(overlaps) overlaps")
        #expect(overlaps == 0)
        #expect(waits > 0, "no seed paused a holder where another wanted its lock")
    }

    @Test("a lock-order inversion is a deadlock naming the waits and holders")
    func inversionDeadlocks() async throws {
        var deadlocks = 0
        var message = ""
        for seed in UInt64(0)..<40 {
            do {
                _ = try await Harness.run(.seeded(seed)) {
                    let first = NSLock(), second = NSLock()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { first.withLock { second.withLock {} } }
                        group.addTask { second.withLock { first.withLock {} } }
                    }
                }
            } catch {
                #expect(error.kind == .deadlock, "\(error)")
                deadlocks += 1
                if message.isEmpty { message = error.description }
            }
        }
        print("[locks] inversion: \(deadlocks) of 40 seeds deadlocked; \(message.split(separator: "\n").first ?? "")")
        #expect(deadlocks > 0)
        #expect(message.contains("waits for lock"), "\(message)")
    }

    // The counters are process-wide and other suites run beside this one: only the outcome is asserted here. A run's own
    // count of lock points belongs in its record (notes/i37-design.md).
    @Test("Mutex's sections are not explored: its check-then-act holds on every seed")
    func mutexNotExplored() async throws {
        for seed in UInt64(0)..<100 {
            let run = try await Harness.run(.seeded(seed)) {
                let account = MutexAccount(100)
                return await twoWithdrawals({ account.checkThenWithdraw(100) }, balance: { account.current })
            }
            #expect(run.value == 0)
        }
    }

    @Test("which mutexes count is decided where they are made: the test's own, not Foundation's or the harness's")
    func classification() async throws {
        var before = LockPoints.counted
        _ = NSLock()
        #expect(LockPoints.counted - before == 1, "an NSLock the test made")
        before = LockPoints.counted
        _ = NSRecursiveLock(); _ = NSCondition()
        #expect(LockPoints.counted - before == 2, "an NSRecursiveLock and an NSCondition")
        before = LockPoints.counted
        let formatter = DateFormatter()
        formatter.dateStyle = .full
        _ = formatter.string(from: Date(timeIntervalSince1970: 0))
        _ = try JSONEncoder().encode(["a": 1])
        _ = NotificationCenter.default
        _ = OperationQueue()
        #expect(LockPoints.counted - before == 0, "Foundation's own locks")
        before = LockPoints.counted
        _ = try await Harness.run(.seeded(1)) { await Task.yield() }
        #expect(LockPoints.counted - before == 0, "the harness's own locks")
    }
}
