import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import Synchronization
import Testing

// A `Synchronization.Mutex` under seeded schedules: its lock is inline atomics in the caller, never a choice point, but
// a job paused inside one of its sections (at an NSLock, or at `choicePoint()`) leaves it held while another job runs.

/// What happened inside a Mutex's sections, in order.
private final class Sections: Sendable {
    let log = Mutex<[String]>([])
    func note(_ text: String) { log.withLock { $0.append(text) } }
    var entries: [String] { log.withLock { $0 } }
}

/// Two Mutexes, for an inversion.
private final class TwoMutexes: Sendable {
    let first = Mutex(0)
    let second = Mutex(0)
}

@Suite("A contended Mutex under seeded schedules waits like a held lock: never a hang, and a real deadlock is one",
       .serialized, .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct MutexContentionTests {
    @Test("a task wanting a Mutex that a job paused inside its section holds waits for it, then takes it")
    func contendedMutexWaits() async throws {
        var waited = 0, tried = 0
        var failures: [String] = []
        for seed in UInt64(0)..<30 {
            tried += 1
            do {
                let run = try await run(.seeded(seed)) {
                    let sections = Sections()
                    let lock = NSLock()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask {
                            sections.log.withLock {
                                $0.append("a in")
                                lock.withLock {}  // a choice point inside the Mutex's section
                                $0.append("a out")
                            }
                        }
                        group.addTask { sections.note("b") }
                    }
                    return sections.entries
                }
                #expect(run.value == ["a in", "a out", "b"] || run.value == ["b", "a in", "a out"],
                        "seed \(seed): the two sections overlapped: \(run.value)")
                if run.timeline.entries.contains(where: { $0.text.contains("waits for lock") && $0.text.contains("held by") }) {
                    waited += 1
                }
            } catch {
                failures.append("seed \(seed): \(error.summary)")
                // One shows it; each more is a blocked-thread verdict's wait, seconds on a loaded machine.
                break
            }
        }
        print("[mutex] contended: \(waited) of \(tried) seeds waited for the Mutex; \(failures.count) runs failed")
        let shown = failures.prefix(3).joined(separator: "\n")
        #expect(failures.isEmpty, "a contended Mutex must wait as a job, not block the run's thread:\n\(shown)")
        #expect(waited > 0, "no seed paused the holder inside its section while the other task wanted the Mutex")
    }

    @Test("where a job waited for a Mutex, a verdict that held says the Mutex's sections were not explored")
    func heldVerdictSaysNotExplored() async throws {
        let claim = Claim("a Mutex's sections never overlap", runs: [.seeds(30)],
                          expect: Expectation(every: .that("in order") { $0 == ["a in", "a out", "b"] || $0 == ["b", "a in", "a out"] }),
                          control: .none(why: "what is shown is the wording")) {
            let sections = Sections()
            let lock = NSLock()
            await withTaskGroup(of: Void.self) { group in
                group.addTask { sections.log.withLock { $0.append("a in"); lock.withLock {}; $0.append("a out") } }
                group.addTask { sections.note("b") }
            }
            return sections.entries
        }
        let result = await check(claim)
        #expect(result.held)
        let warnings = ClaimReport(result).issues.filter(\.warning).map(\.text)
        #expect(warnings.contains { $0.contains(#/held on every seeded run — not explored: a job waited for a Mutex in \d+ of 30 runs, and a Synchronization.Mutex's lock is inline atomics/#) },
                "\(warnings)")
        let explored = try await explore("sections", seeds: 30) { await twoPointedWithdrawals(asked: false) }
        #expect(!explored.description.contains("not explored"), "no job waited for a Mutex: \(explored)")
    }

    @Test("two Mutexes taken in opposite orders, with a choice point between, deadlock naming each holder")
    func mutexInversionDeadlocks() async throws {
        var deadlocks = 0, finished = 0
        var message = ""
        var others: [String] = []
        for seed in UInt64(0)..<30 {
            do {
                _ = try await run(.seeded(seed)) {
                    let mutexes = TwoMutexes()
                    let lock = NSLock()
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { mutexes.first.withLock { _ in lock.withLock {}; mutexes.second.withLock { $0 += 1 } } }
                        group.addTask { mutexes.second.withLock { _ in lock.withLock {}; mutexes.first.withLock { $0 += 1 } } }
                    }
                }
                finished += 1
            } catch {
                if error.kind == .deadlock {
                    deadlocks += 1
                    if message.isEmpty { message = error.description }
                } else {
                    others.append("seed \(seed): \(error.summary)")
                    break
                }
            }
        }
        print("[mutex] inversion: \(deadlocks) deadlocked, \(finished) finished, \(others.count) other failures")
        #expect(others.isEmpty, "\(others.prefix(3).joined(separator: "\n"))")
        #expect(deadlocks > 0 && finished > 0)
        let waits = message.firstMatch(of: #/(task \d) waits for lock (\d), held by (task \d); (task \d) waits for lock (\d), held by (task \d)/#)
        let crossed = waits.map { $0.1 == $0.6 && $0.3 == $0.4 && $0.1 != $0.3 && $0.2 != $0.5 } ?? false
        #expect(crossed && message.contains("lock-order inversion"), "\(message)")
    }
}

/// The check-then-act on `Mutex`, with `choicePoint()` between its check and its act when `asked`.
private final class PointedAccount: Sendable {
    let balance = Mutex(100)
    let asked: Bool
    init(asked: Bool) { self.asked = asked }
    func withdraw(_ amount: Int) -> Bool {
        let enough = balance.withLock { $0 >= amount }
        if asked { choicePoint() }
        guard enough else { return false }
        balance.withLock { $0 -= amount }
        return true
    }
}

/// Two withdrawals of 100 from 100 in two child tasks: the balance left.
@Sendable private func twoPointedWithdrawals(asked: Bool) async -> Int {
    let account = PointedAccount(asked: asked)
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { account.withdraw(100) }
        group.addTask { account.withdraw(100) }
        for await _ in group {}
    }
    return account.balance.withLock { $0 }
}

@Suite("choicePoint() asks for a choice where the harness sees none", .serialized, .needs(.lockChoicePoints),
       scaledTimeLimit(minutes: 2))
struct ExplicitChoicePointTests {
    @Test("with choicePoint() between a Mutex check and its act, some seed overdraws, and its replay string again")
    func mutexCheckThenActFound() async throws {
        var overdrawn: [UInt64] = []
        var without = 0
        var interleaving: Interleaving?
        for seed in UInt64(0)..<100 {
            let run = try await run(.seeded(seed)) { await twoPointedWithdrawals(asked: true) }
            if run.value < 0 {
                overdrawn.append(seed)
                if interleaving == nil { interleaving = run.interleaving }
            }
            if try await ConcurrencyHarness.run(.seeded(seed), { await twoPointedWithdrawals(asked: false) }).value < 0 {
                without += 1
            }
        }
        print("[choicePoint] Mutex check-then-act: overdrawn on \(overdrawn.count) of 100 seeds with the call "
              + "(first \(overdrawn.prefix(5))), \(without) without")
        #expect(!overdrawn.isEmpty, "no seed paused a job at choicePoint() for the other withdrawal to come between")
        #expect(without == 0, "without the call a Mutex's sections are one step each: no seed can overdraw")
        let replayed = try await run(.replay(try #require(interleaving))) { await twoPointedWithdrawals(asked: true) }
        #expect(replayed.value == -100, "the replay of \(interleaving!) gave \(replayed.value)")
    }

    @Test("choicePoint() does nothing under strict or outside any run")
    func nothingElsewhere() async throws {
        choicePoint()
        let strict = try await run(.strict) { await twoPointedWithdrawals(asked: true) }
        #expect(strict.value == 0)
        #expect(strict.choices.isEmpty)
    }
}
