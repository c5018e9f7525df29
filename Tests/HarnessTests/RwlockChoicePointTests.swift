import CHarnessTime
import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Synchronization
import Testing

// A `pthread_rwlock_t` the code under test makes as a choice point of seeded runs: a read lock shared, a write lock
// alone (Sources/CHarnessTime/Locks.c).

// nonisolated(unsafe): a reader-writer lock, touched only through the pthread functions.
/// A static reader-writer lock no init sees (zero-filled: `PTHREAD_RWLOCK_INITIALIZER`), for the classification.
nonisolated(unsafe) private var staticRwlock = pthread_rwlock_t()

/// Who reads and who writes inside the sections now, the most readers seen inside at once, and how often a writer was
/// inside with anyone else.
private final class Inside: Sendable {
    let readers = Atomic<Int>(0)
    let writers = Atomic<Int>(0)
    let mostReaders = Atomic<Int>(0)
    let clashes = Atomic<Int>(0)
    /// Readers that came in so far, and that left and unlocked (neither goes down).
    let arrived = Atomic<Int>(0)
    let departed = Atomic<Int>(0)

    func read(_ pause: () -> Void) {
        let now = readers.add(1, ordering: .relaxed).newValue
        if writers.load(ordering: .relaxed) > 0 { clashes.add(1, ordering: .relaxed) }
        mostReaders.max(now, ordering: .relaxed)
        pause()
        readers.subtract(1, ordering: .relaxed)
    }

    func write(_ pause: () -> Void) {
        if writers.add(1, ordering: .relaxed).newValue > 1 || readers.load(ordering: .relaxed) > 0 {
            clashes.add(1, ordering: .relaxed)
        }
        pause()
        writers.subtract(1, ordering: .relaxed)
    }
}

/// `readers` child tasks reading and `writers` writing one fresh rwlock, each pausing inside its section at a lock of
/// its own: what `Inside` saw.
private func sections(readers: Int, writers: Int) async -> Inside {
    let lock = RwLock(), inner = NSLock()
    let inside = Inside()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<readers {
            group.addTask { lock.reading { inside.read { inner.withLock {} } } }  // a choice point inside
        }
        for _ in 0..<writers {
            group.addTask { lock.writing { inside.write { inner.withLock {} } } }
        }
    }
    return inside
}

@Suite("A pthread rwlock is a lock with many readers under seeded schedules", .serialized,
       .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct RwlockChoicePointTests {
    @Test("a check under a read lock and a withdrawal under a write lock overdraw under some seeds; each such seed replays")
    func checkThenActOverdraws() async throws {
        var overdrawn: [UInt64] = []
        var firstFound: ConcurrencyHarness.Run<Int>?
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: RwlockAccount.self) { $0.checkThenWithdraw(100) }
            }
            if run.value < 0 {
                overdrawn.append(seed)
                if firstFound == nil { firstFound = run }
            }
        }
        print("[rwlocks] check-then-act: overdrawn on \(overdrawn.count) of 200 seeds, first \(overdrawn.prefix(5))")
        let found = try #require(firstFound, """
            no seed of 200 overdrew: no job paused at the entry of its write lock, so the other task's withdrawal never \
            came between the check and the act (on the real pool two threads do that)
            """)
        let again = try await ConcurrencyHarness.run(.seeded(overdrawn[0])) {
            await twoWithdrawals(from: RwlockAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(again.value == found.value && again.scheduleHash == found.scheduleHash
                && "\(again.interleaving)" == "\(found.interleaving)",
                "seed \(overdrawn[0]) ran twice: \(found.interleaving) then \(again.interleaving)")
        let replayed = try await ConcurrencyHarness.run(.replay(found.interleaving)) {
            await twoWithdrawals(from: RwlockAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(replayed.value < 0 && replayed.scheduleHash == found.scheduleHash,
                "the replay of \(found.interleaving) left \(replayed.value)")
    }

    @Test("the one-write-section twin never overdraws on any seed")
    func oneWriteSectionHolds() async throws {
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: RwlockAccount.self) { $0.withdraw(100) }
            }
            #expect(run.value == 0, "seed \(seed) left \(run.value)")
        }
    }

    @Test("two readers may hold a rwlock at once: on some seed both are inside their read sections together")
    func readersShare() async throws {
        var shared = 0
        for seed in UInt64(0)..<100 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await sections(readers: 2, writers: 0).mostReaders.load(ordering: .relaxed)
            }
            if run.value == 2 { shared += 1 }
        }
        print("[rwlocks] two readers inside at once on \(shared) of 100 seeds")
        #expect(shared > 0, "no seed of 100 had both readers inside at once: a read lock was taken as a write lock")
    }

    @Test("a writer waits for the readers inside and readers for the writer: no seed has a writer inside with anyone")
    func writerWaitsForReaders() async throws {
        let waitsBefore = LockPoints.waits
        var clashes = 0, writerWaited = 0
        for seed in UInt64(0)..<100 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await sections(readers: 2, writers: 1).clashes.load(ordering: .relaxed)
            }
            clashes += run.value
            // In the timeline: some task waits for the rwlock while another holds it (the inner lock is never held
            // across a pause, so never waited for).
            if run.timeline.entries.contains(where: { $0.text.contains(#/waits for rwlock \d+ held by/#) }) {
                writerWaited += 1
            }
        }
        let waits = LockPoints.waits - waitsBefore
        print("[rwlocks] readers and a writer: \(waits) waits over 100 seeds, \(writerWaited) seeds show one, "
              + "\(clashes) clashes")
        #expect(clashes == 0)
        #expect(writerWaited > 0, "no seed's timeline showed a task waiting for the rwlock another task held")
    }

    @Test("twelve readers inside at once, more than are named, then a writer once only unnamed ones are left: it waits for the last, never hangs")
    func manyReaders() async throws {
        for seed in UInt64(0)..<20 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                let lock = RwLock()
                let inside = Inside()
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<12 {
                        group.addTask {
                            lock.reading {
                                inside.read {
                                    // All twelve come in; then they leave in the order they came, the first eight (the
                                    // named ones) first. The seed picks the others while one waits.
                                    let ticket = inside.arrived.add(1, ordering: .relaxed).newValue - 1
                                    while inside.arrived.load(ordering: .relaxed) < 12 { choicePoint() }
                                    while inside.departed.load(ordering: .relaxed) < ticket { choicePoint() }
                                }
                            }
                            inside.departed.add(1, ordering: .relaxed)
                        }
                    }
                    group.addTask {
                        while inside.departed.load(ordering: .relaxed) < 8 { choicePoint() }
                        lock.writing { inside.write {} }
                    }
                }
                return [inside.clashes.load(ordering: .relaxed), inside.mostReaders.load(ordering: .relaxed)]
            }
            #expect(run.value == [0, 12], "seed \(seed): clashes, most readers inside at once: \(run.value)")
        }
    }

    @Test("two readers that each then ask to write deadlock, reported naming both readers as the holders")
    func upgradeDeadlockNamesReaders() async throws {
        var deadlocks = 0
        var named = ""
        for seed in UInt64(0)..<20 {
            do {
                _ = try await ConcurrencyHarness.run(.seeded(seed)) {
                    let lock = RwLock()
                    await withTaskGroup(of: Void.self) { group in
                        for _ in 0..<2 {
                            group.addTask {
                                pthread_rwlock_rdlock(lock.lock)
                                pthread_rwlock_wrlock(lock.lock)  // the library waits for ever: it reads it itself
                            }
                        }
                    }
                }
                Issue.record("seed \(seed) returned: each task reads the lock it then waits to write")
            } catch {
                #expect(error.kind == .deadlock, "\(error)")
                deadlocks += 1
                if named.isEmpty, error.description.firstMatch(of: #/held by task \d and task \d/#) != nil {
                    named = error.description
                }
            }
        }
        print("[rwlocks] upgrade: \(deadlocks) of 20 seeds deadlocked; \(named.split(separator: "\n").first ?? "")")
        #expect(deadlocks == 20)
        let waits = named.firstMatch(of: #/(task \d) waits for rwlock 1, held by (task \d) and (task \d)[^;]*; (task \d) waits for rwlock 1, held by (task \d) and (task \d)/#)
        let both = waits.map { Set([$0.2, $0.3]) == Set([$0.1, $0.4]) && $0.1 != $0.4 && $0.2 == $0.5 && $0.3 == $0.6 } ?? false
        #expect(both && named.contains("its own read among them"), "each task waits for the lock both read: \(named)")
        #expect(named.contains("take the write lock for the whole check-and-act") && !named.contains("lock-order inversion"),
                "the advice fits a read that waits to write: \(named)")
    }

    @Test("a timed write lock times out at once while another job reads the rwlock, and is taken once it is free")
    func timedLockTimesOut() async throws {
        var outcomes: [Int32: Int] = [:]
        for seed in UInt64(0)..<50 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                let lock = RwLock(), inner = NSLock()
                return await withTaskGroup(of: Int32?.self) { group in
                    group.addTask { lock.reading { inner.withLock {} }; return nil }  // may pause inside, the lock read
                    group.addTask {
                        var far = timespec(tv_sec: Int(Date().timeIntervalSince1970) + 3600, tv_nsec: 0)
                        let got = pthread_rwlock_timedwrlock(lock.lock, &far)
                        if got == 0 { pthread_rwlock_unlock(lock.lock) }
                        return got
                    }
                    var result: Int32 = -1
                    for await got in group { if let got { result = got } }
                    return result
                }
            }
            outcomes[run.value, default: 0] += 1
        }
        print("[rwlocks] timed write lock beside a reader: \(outcomes.sorted { $0.key < $1.key })")
        #expect(Set(outcomes.keys) == [0, ETIMEDOUT], """
            over 50 seeds a timed write lock beside a job reading the lock either took it (0) or timed out at once \
            (\(ETIMEDOUT)), and both were seen: \(outcomes)
            """)
    }

    // In a child process: the counts are process-wide, and suites beside this one make rwlocks of their own meanwhile.
    @Test("which rwlocks count is decided where they are made: the test's own and its static one; not the harness's, nor one preferring writers")
    func classification() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            var counts: [Int] = []
            var before = LockPoints.rwlocksCounted
            func step() {
                counts.append(LockPoints.rwlocksCounted - before)
                before = LockPoints.rwlocksCounted
            }
            let own = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
            pthread_rwlock_init(own, nil)
            step()
            // One the harness makes (sealed), and one preferring writers (its library would hold readers back).
            let harnessOwn = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
            harness_locks_seal(1)
            pthread_rwlock_init(harnessOwn, nil)
            harness_locks_seal(0)
            var attributes = pthread_rwlockattr_t()
            pthread_rwlockattr_init(&attributes)
            pthread_rwlockattr_setkind_np(&attributes, Int32(PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP))
            let writers = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
            pthread_rwlock_init(writers, &attributes)
            step()
            // Foundation makes none on Linux (its libraries import no pthread_rwlock_*), nor does a seeded run.
            _ = try? JSONEncoder().encode(["a": 1])
            _ = try? await ConcurrencyHarness.run(.seeded(1)) { await Task.yield() }
            step()
            // The static one, at its first lock in a job.
            let staticBefore = LockPoints.rwlocksCountedStatic
            _ = try? await ConcurrencyHarness.run(.seeded(1)) {
                pthread_rwlock_rdlock(&staticRwlock)
                pthread_rwlock_unlock(&staticRwlock)
            }
            step()
            counts.append(LockPoints.rwlocksCountedStatic - staticBefore)
            print(counts.map(String.init).joined(separator: " "))
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "1 0 0 1 1\n", """
            rwlocks counted: one the test made (1); the harness's own and one preferring writers (0); Foundation's and \
            a seeded run's own (0); the test's static one at its first lock in a job (1, static 1); the child \
            counted \(printed)
            """)
    }
}
