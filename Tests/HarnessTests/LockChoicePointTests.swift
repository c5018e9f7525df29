import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Synchronization
import Testing

// The code under test's locks as choice points of seeded runs (Sources/CHarnessTime/Locks.c).

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
private func racingWithdrawals(_ withdraw: @escaping @Sendable () -> Bool, balance: @escaping @Sendable () -> Int) async -> Int {
    await withTaskGroup(of: Bool.self) { group in
        group.addTask { withdraw() }
        group.addTask { withdraw() }
        for await _ in group {}
    }
    return balance()
}

@Suite("Locks of the code under test are choice points under seeded schedules", .serialized,
       .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct LockChoicePointTests {
    @Test("an NSLock check-then-act overdraws under some seeds, and its replay string overdraws again")
    func checkThenActOverdraws() async throws {
        var overdrawn: [UInt64] = []
        var interleaving: Interleaving?
        let pausesBefore = LockPoints.pauses
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoCheckThenWithdraws()
            }
            if run.value < 0 {
                overdrawn.append(seed)
                if interleaving == nil { interleaving = run.interleaving }
            }
        }
        print("[locks] check-then-act: overdrawn on \(overdrawn.count) of 200 seeds, first \(overdrawn.prefix(5)); " +
              "pauses \(LockPoints.pauses - pausesBefore)")
        #expect(!overdrawn.isEmpty, "no seed interleaved the two sections")
        let replayed = try await ConcurrencyHarness.run(.replay(try #require(interleaving))) {
            await twoCheckThenWithdraws()
        }
        #expect(replayed.value < 0, "the replay of \(interleaving!) did not overdraw")
        // The same seed, twice: the same schedule.
        let seed = try #require(overdrawn.first)
        let again = try await ConcurrencyHarness.run(.seeded(seed)) {
            await twoCheckThenWithdraws()
        }
        #expect(again.value < 0)
    }

    @Test("the fixed twin (one section) never overdraws; under strict the broken one does not either")
    func fixedTwinHolds() async throws {
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: LockedAccount.self) { $0.withdraw(100) }
            }
            #expect(run.value == 0, "seed \(seed)")
        }
        let strict = try await ConcurrencyHarness.run(.strict) {
            await twoCheckThenWithdraws()
        }
        #expect(strict.value == 0)
    }

    @Test("a lock held by a paused job blocks the job that wants it until released, one job at a time")
    func heldLockBlocks() async throws {
        let waitsBefore = LockPoints.waits
        var overlaps = 0, shownWaits = 0
        for seed in UInt64(0)..<100 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
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
            // In the run's timeline: a task waits for a lock another task holds, and its next step takes it.
            let rows = run.timeline.entries
            for (index, row) in rows.enumerated() {
                guard let wait = row.text.firstMatch(of: #/waits for lock (\d) held by (task \d)/#),
                      wait.2 != row.task,
                      let next = rows[(index + 1)...].first(where: { $0.task == row.task }) else { continue }
                if next.text.hasPrefix("takes lock \(wait.1)") { shownWaits += 1 }
            }
        }
        let waits = LockPoints.waits - waitsBefore
        print("[locks] held lock: \(waits) waits over 100 seeds, \(shownWaits) in timelines, \(overlaps) overlaps")
        #expect(overlaps == 0)
        #expect(shownWaits > 0, "no timeline showed a task waiting for a lock another held, then taking it")
    }

    @Test("a lock-order inversion is a deadlock naming the waits and holders")
    func inversionDeadlocks() async throws {
        var deadlocks = 0
        var message = ""
        for seed in UInt64(0)..<40 {
            do {
                _ = try await ConcurrencyHarness.run(.seeded(seed)) {
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
        // Both waits, in the timeline's names: each task holds the lock the other waits for.
        let waits = message.firstMatch(of: #/(task \d) waits for lock (\d), held by (task \d); (task \d) waits for lock (\d), held by (task \d)/#)
        let crossed = waits.map { $0.1 == $0.6 && $0.3 == $0.4 && $0.1 != $0.3 && $0.2 != $0.5 } ?? false
        #expect(crossed && message.hasPrefix("deadlock") && message.contains("lock-order inversion"), "\(message)")
    }

    // The counters are process-wide and other suites run beside this one: only the outcome is asserted here. A run's own
    // count of lock points belongs in its record (notes/i37-design.md).
    @Test("Mutex's sections are not explored: its check-then-act holds on every seed")
    func mutexNotExplored() async throws {
        for seed in UInt64(0)..<100 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                let account = MutexAccount(100)
                return await racingWithdrawals({ account.checkThenWithdraw(100) }, balance: { account.current })
            }
            #expect(run.value == 0)
        }
    }

    // In a child process: the count is process-wide, and suites beside this one (the corpus's lock programs) make
    // NSLocks of their own meanwhile.
    @Test("which mutexes count is decided where they are made: the test's own, not Foundation's or the harness's")
    func classification() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            var counts: [Int] = []
            var before = LockPoints.counted
            _ = NSLock()
            counts.append(LockPoints.counted - before)
            before = LockPoints.counted
            _ = NSRecursiveLock(); _ = NSCondition()
            counts.append(LockPoints.counted - before)
            before = LockPoints.counted
            let formatter = DateFormatter()
            formatter.dateStyle = .full
            _ = formatter.string(from: Date(timeIntervalSince1970: 0))
            _ = try? JSONEncoder().encode(["a": 1])
            _ = NotificationCenter.default
            _ = OperationQueue()
            counts.append(LockPoints.counted - before)
            before = LockPoints.counted
            _ = try? await ConcurrencyHarness.run(.seeded(1)) { await Task.yield() }
            counts.append(LockPoints.counted - before)
            print(counts.map(String.init).joined(separator: " "))
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "1 2 0 0\n", """
            mutexes counted: an NSLock the test made (1), an NSRecursiveLock and an NSCondition (2), Foundation's own \
            (a formatter, an encoder, NotificationCenter, OperationQueue: 0), a seeded run's own (0); the child \
            counted \(printed)
            """)
    }

    // In a child process: the count of choice points is process-wide.
    @Test("a mutex the test inits where a job already locked an uncounted one is a choice point from then on")
    func countedAfterSeenPlain() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let run = try? await ConcurrencyHarness.run(.seeded(0)) { pointsBeforeAndAfterInit() }
            print((run?.value ?? []).map(String.init).joined(separator: " "))
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "0 1\n", """
            choice points: a heap mutex no init saw, locked twice in a job (0), then the same memory inited by the \
            test and locked once (1); the child printed \(printed)
            """)
    }
}

/// In a seeded run's job: the choice points a zero-filled heap mutex (no init saw it: never counted) makes at two lock
/// and unlock pairs, then those of the same mutex at one pair after the test's own `pthread_mutex_init` (counted).
private func pointsBeforeAndAfterInit() -> [Int] {
    let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    defer { mutex.deallocate() }
    mutex.initialize(to: pthread_mutex_t())
    var before = LockPoints.seen
    for _ in 0..<2 {
        pthread_mutex_lock(mutex)
        pthread_mutex_unlock(mutex)
    }
    let plain = LockPoints.seen - before
    pthread_mutex_init(mutex, nil)
    before = LockPoints.seen
    pthread_mutex_lock(mutex)
    pthread_mutex_unlock(mutex)
    let counted = LockPoints.seen - before
    pthread_mutex_destroy(mutex)
    return [plain, counted]
}

/// In an exit test's child: runs the check-then-act under `run(.seeded(…))`, which plays a pasted `HARNESS_SCHEDULE`,
/// and prints the balance, the schedule hash and the timeline.
@Sendable private func printCheckThenAct() async {
    do {
        let run = try await run(.seeded(0x10c4)) { await twoCheckThenWithdraws() }
        print("balance \(run.value) hash \(Seed.format(run.scheduleHash))")
    } catch {
        print("failed: \(error)")
    }
}

@Suite("A race between two locked sections is shown and replayed like any other", .serialized,
       .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct LockCounterexampleTests {
    static let claim = Claim("two check-then-withdraws never overdraw", runs: [.seeds(100)],
                             expect: Expectation(every: .that("not overdrawn") { $0 >= 0 }),
                             control: .none(why: "the race itself is what is shown")) { await twoCheckThenWithdraws() }

    /// What a miss that never came means.
    static let neverInterleaved: Comment = """
        no seed of 100 overdrew: no job was ever paused between its check's section and its withdrawal's, so the \
        other task's withdrawal never came between them. On the real pool two threads do that (5 of 300 runs); \
        under seeded schedules each lock of an NSLock the code made must be a choice point where another job may run.
        """

    @Test("the NSLock check-then-act's shrunk counterexample shows the two sections interleaved, lock steps and all")
    func shrunkTimelineShowsTheSections() async throws {
        let result = await check(Self.claim)
        let miss = try #require(ClaimReport.shrinkable(result), Self.neverInterleaved)
        let shrunk = try #require(await Self.claim.shrink(miss))
        #expect(shrunk.preemptions == 1, "one pause between the check and the act is all it takes: \(shrunk.interleaving)")
        guard case .success(let balance) = shrunk.result else { Issue.record("\(shrunk.result)"); return }
        #expect(balance == -100)
        let rows = shrunk.timeline.entries.map { "\($0.task): \($0.text)" }
        // One task stops before its second section; the other checks and withdraws; the first then takes the lock
        // and withdraws too.
        let waits = rows.firstIndex { $0.contains("waits for lock 1") }
        let resumes = rows.lastIndex { $0.hasSuffix(": takes lock 1") || $0.contains(": takes lock 1,") }
        let interleaved = waits != nil && resumes != nil && waits! < resumes!
            && rows[waits!].prefix(while: { $0 != ":" }) == rows[resumes!].prefix(while: { $0 != ":" })
            && rows[(waits! + 1)..<resumes!].contains { $0.contains("takes lock 1") }
        let shown = rows.joined(separator: "\n")
        #expect(interleaved, "one task waits for the lock while the other takes it, then takes it itself:\n\(shown)")
        let report = ClaimReport(result, shrunk: shrunk)
        let text = try #require(report.issues.first?.text)
        #expect(text.contains("waits for lock 1") && text.contains("replay: HARNESS_SCHEDULE='\(shrunk.interleaving)'"),
                "\(text)")
    }

    @Test("the shrunk counterexample's replay string overdraws again in another process, with the same schedule")
    func replayInAnotherProcess() async throws {
        let result = await check(Self.claim)
        let miss = try #require(ClaimReport.shrinkable(result), Self.neverInterleaved)
        let shrunk = try #require(await Self.claim.shrink(miss))
        let here = try await run(.replay(shrunk.interleaving)) { await twoCheckThenWithdraws() }
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            [text = "\(shrunk.interleaving)"] in
            setOnlyHarnessVariable("HARNESS_SCHEDULE", text)
            await printCheckThenAct()
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "balance -100 hash \(Seed.format(here.scheduleHash))\n",
                "HARNESS_SCHEDULE='\(shrunk.interleaving)' replayed here overdrew to \(here.value); the child printed: \(printed)")
    }
}
