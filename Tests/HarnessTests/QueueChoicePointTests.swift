import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Synchronization
import Testing

// A serial DispatchQueue used as a lock (`queue.sync { … }`) as a choice point of seeded runs: its entry as a lock's,
// its block as a held section (Sources/CHarnessTime/Locks.c, OutsideWork.c).

/// In an exit test's child: runs the queue check-then-act under `run(.seeded(…))`, which plays a pasted
/// `HARNESS_SCHEDULE`, and prints the balance and the schedule hash.
@Sendable private func printQueueCheckThenAct() async {
    do {
        let run = try await run(.seeded(0x51c)) { await twoWithdrawals(from: QueueAccount.self) { $0.checkThenWithdraw(100) } }
        print("balance \(run.value) hash \(Seed.format(run.scheduleHash))")
    } catch {
        print("failed: \(error)")
    }
}

/// Runs one empty operation on a new OperationQueue `width` wide, and waits for it: Foundation makes its queue then.
private func runOneOperation(width: Int) {
    let operations = OperationQueue()
    operations.maxConcurrentOperationCount = width
    operations.addOperation {}
    operations.waitUntilAllOperationsAreFinished()
}

/// Who is inside a section now, and how often two were.
private final class Overlaps: Sendable {
    let inside = Atomic<Int>(0)
    let seen = Atomic<Int>(0)
}

/// What ran, in order.
private final class SyncLog: Sendable {
    let entries = Mutex<[Int]>([])
    func append(_ entry: Int) { entries.withLock { $0.append(entry) } }
}

@Suite("A serial DispatchQueue's sync is a lock under seeded schedules", .serialized,
       .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct QueueChoicePointTests {
    @Test("a check in one queue.sync and a withdrawal in another overdraw under some seeds; each such seed replays")
    func checkThenActOverdraws() async throws {
        var overdrawn: [UInt64] = []
        var firstFound: ConcurrencyHarness.Run<Int>?
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: QueueAccount.self) { $0.checkThenWithdraw(100) }
            }
            if run.value < 0 {
                overdrawn.append(seed)
                if firstFound == nil { firstFound = run }
            }
        }
        print("[queues] check-then-act: overdrawn on \(overdrawn.count) of 200 seeds, first \(overdrawn.prefix(5))")
        let found = try #require(firstFound, """
            no seed of 200 overdrew: no job paused at the entry of its second queue.sync, so the other task's \
            withdrawal never came between the check and the act (on the real pool two threads do that)
            """)
        // The same seed again, and its replay string: the same schedule, the same overdraw.
        let again = try await ConcurrencyHarness.run(.seeded(overdrawn[0])) {
            await twoWithdrawals(from: QueueAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(again.value == found.value && again.scheduleHash == found.scheduleHash
                && "\(again.interleaving)" == "\(found.interleaving)",
                "seed \(overdrawn[0]) ran twice: \(found.interleaving) then \(again.interleaving)")
        let replayed = try await ConcurrencyHarness.run(.replay(found.interleaving)) {
            await twoWithdrawals(from: QueueAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(replayed.value < 0 && replayed.scheduleHash == found.scheduleHash,
                "the replay of \(found.interleaving) left \(replayed.value)")
    }

    @Test("an overdraw's replay string overdraws again in another process, with the same schedule")
    func replayInAnotherProcess() async throws {
        var found: ConcurrencyHarness.Run<Int>?
        for seed in UInt64(0)..<200 where found == nil {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) { await twoWithdrawals(from: QueueAccount.self) { $0.checkThenWithdraw(100) } }
            if run.value < 0 { found = run }
        }
        let here = try #require(found, "no seed of 200 overdrew")
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            [text = "\(here.interleaving)"] in
            setOnlyHarnessVariable("HARNESS_SCHEDULE", text)
            await printQueueCheckThenAct()
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "balance -100 hash \(Seed.format(here.scheduleHash))\n",
                """
                HARNESS_SCHEDULE='\(here.interleaving)' overdrew here with hash \(Seed.format(here.scheduleHash)); \
                the child printed: \(printed)
                """)
    }

    @Test("the one-sync twin never overdraws on any seed")
    func oneSectionHolds() async throws {
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: QueueAccount.self) { $0.withdraw(100) }
            }
            #expect(run.value == 0, "seed \(seed) left \(run.value)")
        }
    }

    @Test("a job inside a queue's sync block holds it: another job's sync waits for the block's end")
    func heldQueueBlocks() async throws {
        let waitsBefore = LockPoints.waits
        var overlaps = 0, waitsShown = 0
        for seed in UInt64(0)..<100 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                let queue = DispatchQueue(label: "outer")
                let inner = NSLock()
                let counts = Overlaps()
                await withTaskGroup(of: Void.self) { group in
                    for _ in 0..<3 {
                        group.addTask {
                            queue.sync {
                                if counts.inside.add(1, ordering: .relaxed).newValue > 1 {
                                    counts.seen.add(1, ordering: .relaxed)
                                }
                                inner.withLock {}  // a choice point inside the block
                                counts.inside.subtract(1, ordering: .relaxed)
                            }
                        }
                    }
                }
                return counts.seen.load(ordering: .relaxed)
            }
            overlaps += run.value
            if run.timeline.entries.contains(where: { $0.text.contains(#/waits for queue \d+ held by/#) }) { waitsShown += 1 }
        }
        let waits = LockPoints.waits - waitsBefore
        #expect(waitsShown > 0, "no timeline showed a job waiting for the queue by name (\"waits for queue n held by\")")
        print("[queues] held queue: \(waits) waits over 100 seeds, \(overlaps) overlaps")
        #expect(overlaps == 0)
        #expect(waits > 0, "no job ever waited for a queue another job's block held")
    }

    @Test("an async block sent to the queue before its sync still runs first, on every seed")
    func asyncBeforeSyncRunsFirst() async throws {
        for seed in UInt64(0)..<50 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                let queue = DispatchQueue(label: "log")
                let log = SyncLog()
                await withTaskGroup(of: Void.self) { group in
                    for task in 0..<2 {
                        group.addTask {
                            queue.async { log.append(task * 10 + 1) }
                            queue.sync { log.append(task * 10 + 2) }
                        }
                    }
                }
                return log.entries.withLock { $0 }
            }
            for task in 0..<2 {
                let first = run.value.firstIndex(of: task * 10 + 1), second = run.value.firstIndex(of: task * 10 + 2)
                #expect(first != nil && second != nil && first! < second!, "seed \(seed): \(run.value)")
            }
        }
    }

    // In a child process: the count is process-wide, and suites beside this one make queues of their own meanwhile.
    @Test("which queues count is decided where they are made: the test's own serial and concurrent ones, no other")
    func classification() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            var counts: [Int] = []
            var before = LockPoints.queuesCounted
            func step() {
                counts.append(LockPoints.queuesCounted - before)
                before = LockPoints.queuesCounted
            }
            _ = DispatchQueue(label: "serial")
            _ = DispatchQueue(label: "serial with a qos", qos: .userInitiated)
            step()
            _ = DispatchQueue(label: "concurrent", attributes: .concurrent)
            _ = DispatchQueue(label: "concurrent with a qos", qos: .utility, attributes: .concurrent)
            step()
            // Released inactive, a queue is the library's trap: activated first.
            DispatchQueue(label: "inactive", attributes: .initiallyInactive).activate()
            _ = DispatchQueue(label: "targeted", target: .global())
            step()
            _ = OperationQueue()
            // Foundation makes a queue of its own for an OperationQueue's first operation: through the overlay, from
            // Foundation's frames, called from the test's.
            runOneOperation(width: 1)
            runOneOperation(width: 2)
            _ = try? JSONEncoder().encode(["a": 1])
            _ = NotificationCenter.default
            step()
            _ = try? await ConcurrencyHarness.run(.seeded(1)) { await Task.yield() }
            step()
            print(counts.map(String.init).joined(separator: " "))
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "2 2 0 0 0\n", """
            queues counted: two serial queues the test made (2); two concurrent ones (2); an inactive, a targeted one (0); \
            Foundation's own (OperationQueues, one running operations, an encoder, NotificationCenter: 0), a seeded run's own (0); the \
            child counted \(printed)
            """)
    }
}
