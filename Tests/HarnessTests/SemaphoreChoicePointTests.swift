import Dispatch
import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Synchronization
import Testing

// A Dispatch semaphore under seeded runs (Sources/CHarnessTime/Locks.c, OutsideWork.c): a wait that cannot take it
// at once waits in the run while another job could go on, and in the library only when nothing else can move; the
// entry of a wait on one the code made with a count is a choice point, as a lock's.

/// Takes `semaphore`, blocking the calling thread until it can (a function of its own: Darwin's Dispatch refuses
/// `wait()` written in an async function).
private func take(_ semaphore: DispatchSemaphore) {
    semaphore.wait()
}

/// Waits on `semaphore` for `timeout` at most: whether it was taken, and how long the wait lasted on the clock the
/// job reads.
private func take(_ semaphore: DispatchSemaphore, within timeout: DispatchTimeInterval) -> (taken: Bool, waited: Duration) {
    let start = ContinuousClock.now
    let result = semaphore.wait(timeout: .now() + timeout)
    return (result == .success, start.duration(to: .now))
}

/// A balance of 100 and who was refused, touched only between a wait and a signal of the semaphore that guards it.
private final class Guarded: @unchecked Sendable {
    // @unchecked Sendable: `balance` and `refused` are touched only inside `gate`'s sections, below.
    let gate = DispatchSemaphore(value: 1)
    var balance = 100
    var refused = 0
}

/// Two child tasks each withdraw 100 of 100 in one section a `DispatchSemaphore(value: 1)` guards, taking a lock of
/// their own between the check and the act (a choice point while the semaphore is held, where the other task would
/// overdraw if it could come in): "balance left, refused".
private func oneSectionWithALockInside() async -> String {
    let account = Guarded(), inner = NSLock()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<2 {
            group.addTask {
                take(account.gate)
                let enough = account.balance >= 100
                inner.withLock {}
                if enough { account.balance -= 100 } else { account.refused += 1 }
                account.gate.signal()
            }
        }
    }
    return "\(account.balance), \(account.refused)"
}

/// One child task waits on `gate` while another takes a lock of its own (something else of the run that can go on),
/// `signal` its way of signalling the gate from the other child: 1 once the wait was answered.
private func handOff(_ gate: DispatchSemaphore, signal: @escaping @Sendable () -> Void) async -> Int {
    let inner = NSLock()
    return await withTaskGroup(of: Int.self) { group in
        group.addTask {
            take(gate)
            return 1
        }
        group.addTask {
            inner.withLock {}
            signal()
            return 0
        }
        return await group.reduce(0, +)
    }
}

@Suite("A Dispatch semaphore waits in the run under seeded schedules, and one made as a lock is explored", .serialized,
       .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct SemaphoreChoicePointTests {
    /// A short watchdog: a false "blocked thread" shows at once instead of after the default limit.
    static let quick = RunOptions { $0.blockedThreadLimit = .milliseconds(400) }

    @Test("a semaphore used as a lock, with a lock taken inside its section, finishes on every seed with the real outcome: one task in at a time")
    func lockInsideSemaphoreSection() async throws {
        let waitsBefore = LockPoints.semaphoreWaits
        for seed in UInt64(0)..<50 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) { await oneSectionWithALockInside() }
            #expect(run.value == "0, 1", "seed \(seed) left \(run.value)")
        }
        let waits = LockPoints.semaphoreWaits - waitsBefore
        print("[semaphores] one section with a lock inside: \(waits) waits in the run over 50 seeds")
        #expect(waits > 0, "no job of 50 seeds ever waited in the run for the semaphore another job held")
    }

    @Test("a check and a withdrawal in two sections of a DispatchSemaphore(value: 1) overdraw under some seeds; each such seed replays")
    func checkThenActOverdraws() async throws {
        var overdrawn: [UInt64] = []
        var firstFound: ConcurrencyHarness.Run<Int>?
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                await twoWithdrawals(from: SemaphoreAccount.self) { $0.checkThenWithdraw(100) }
            }
            if run.value < 0 {
                overdrawn.append(seed)
                if firstFound == nil { firstFound = run }
            }
        }
        print("[semaphores] check-then-act: overdrawn on \(overdrawn.count) of 200 seeds, first \(overdrawn.prefix(5))")
        let found = try #require(firstFound, """
            no seed of 200 overdrew: no job paused at the entry of its second wait, so the other task's withdrawal \
            never came between the check and the act (on the real pool two threads do that)
            """)
        let again = try await ConcurrencyHarness.run(.seeded(overdrawn[0]), options: Self.quick) {
            await twoWithdrawals(from: SemaphoreAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(again.value == found.value && again.scheduleHash == found.scheduleHash
                && "\(again.interleaving)" == "\(found.interleaving)",
                "seed \(overdrawn[0]) ran twice: \(found.interleaving) then \(again.interleaving)")
        let replayed = try await ConcurrencyHarness.run(.replay(found.interleaving), options: Self.quick) {
            await twoWithdrawals(from: SemaphoreAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(replayed.value < 0 && replayed.scheduleHash == found.scheduleHash,
                "the replay of \(found.interleaving) left \(replayed.value)")
    }

    @Test("the one-section twin never overdraws on any seed")
    func oneSectionHolds() async throws {
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                await twoWithdrawals(from: SemaphoreAccount.self) { $0.withdraw(100) }
            }
            #expect(run.value == 0, "seed \(seed) left \(run.value)")
        }
    }

    @Test("a semaphore handed off by another job, by a Dispatch block of the run, or by a thread outside the run is answered on every seed")
    func handOffsAnswered() async throws {
        for seed in UInt64(0)..<30 {
            let byAJob = DispatchSemaphore(value: 0)
            let fromJob = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                await handOff(byAJob) { byAJob.signal() }
            }
            #expect(fromJob.value == 1, "seed \(seed), signalled by a job: \(fromJob.value)")
            let byABlock = DispatchSemaphore(value: 0)
            let fromBlock = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                await handOff(byABlock) { DispatchQueue.global().async { byABlock.signal() } }
            }
            #expect(fromBlock.value == 1, "seed \(seed), signalled by a Dispatch block: \(fromBlock.value)")
            // Made before the run: no job of it reaches this thread, which signals 20 ms later.
            let byAStranger = DispatchSemaphore(value: 0)
            let stranger = Thread {
                Thread.sleep(forTimeInterval: 0.02)
                byAStranger.signal()
            }
            stranger.start()
            let fromStranger = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                await handOff(byAStranger) {}
            }
            #expect(fromStranger.value == 1, "seed \(seed), signalled by a thread outside the run: \(fromStranger.value)")
        }
    }

    @Test("a timed wait ends when the run's clock passes its deadline, or earlier when a task that slept signals")
    func timedWaitOnTheRunsClock() async throws {
        for seed in UInt64(0)..<20 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                let never = DispatchSemaphore(value: 0), late = DispatchSemaphore(value: 0)
                async let unanswered = take(never, within: .seconds(5))
                async let answered = take(late, within: .seconds(5))
                try? await Task.sleep(for: .seconds(1))
                late.signal()
                try? await Task.sleep(for: .seconds(9))
                return (await unanswered, await answered)
            }
            let (unanswered, answered) = run.value
            #expect(!unanswered.taken && unanswered.waited == .seconds(5), "seed \(seed): \(unanswered)")
            #expect(answered.taken && answered.waited == .seconds(1), "seed \(seed): \(answered)")
            #expect(run.elapsed == .seconds(10), "seed \(seed): \(run.elapsed)")
        }
    }

    @Test("a semaphore wait nothing of the run can answer still blocks its thread, as before: a blocked thread")
    func unansweredWaitStillReported() async throws {
        for seed in UInt64(0)..<3 {
            let never = DispatchSemaphore(value: 0)
            defer { never.signal() }
            do {
                let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                    await handOff(never) {}
                }
                Issue.record("seed \(seed): a wait nobody signals was answered: \(run.value)")
            } catch {
                #expect(error.kind == .blockedThread, "seed \(seed): \(error)")
            }
        }
    }
}
