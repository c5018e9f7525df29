import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Synchronization
import Testing

// A concurrent DispatchQueue used as a reader-writer lock (`queue.sync` reads, barrier writes) under seeded runs: the
// entry of a read or a barrier `sync` as a lock's, the submission of an async block as a choice point
// (Sources/CHarnessTime/Locks.c, OutsideWork.c).

/// In an exit test's child: runs the concurrent-queue check-then-act under `run(.seeded(…))`, which plays a pasted
/// `HARNESS_SCHEDULE`, and prints the balance and the schedule hash.
@Sendable private func printConcurrentCheckThenAct() async {
    do {
        let run = try await run(.seeded(0x51c)) {
            await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.checkThenWithdraw(100) }
        }
        print("balance \(run.value) hash \(Seed.format(run.scheduleHash))")
    } catch {
        print("failed: \(error)")
    }
}

/// Readers and barriers inside the queue now, and what was seen: most readers at once, a barrier beside anyone.
private final class Inside: Sendable {
    let readers = Atomic<Int>(0)
    let barriers = Atomic<Int>(0)
    let mostReaders = Atomic<Int>(0)
    let clashes = Atomic<Int>(0)
}

@Suite("A concurrent DispatchQueue's reads and barriers are a reader-writer lock under seeded schedules", .serialized,
       .needs(.lockChoicePoints), scaledTimeLimit(minutes: 2))
struct ConcurrentQueueChoicePointTests {
    @Test("a check in a sync read and a withdrawal in an async barrier overdraw under some seeds; each such seed replays")
    func checkThenActOverdraws() async throws {
        var overdrawn: [UInt64] = []
        var firstFound: ConcurrencyHarness.Run<Int>?
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.checkThenWithdraw(100) }
            }
            if run.value < 0 {
                overdrawn.append(seed)
                if firstFound == nil { firstFound = run }
            }
        }
        print("[concurrent queues] check-then-act: overdrawn on \(overdrawn.count) of 200 seeds, first \(overdrawn.prefix(5))")
        let found = try #require(firstFound, """
            no seed of 200 overdrew: no job paused as it sent its barrier, so both tasks never read 100 before either \
            withdrew (on the real pool two threads do that)
            """)
        let again = try await ConcurrencyHarness.run(.seeded(overdrawn[0])) {
            await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(again.value == found.value && again.scheduleHash == found.scheduleHash
                && "\(again.interleaving)" == "\(found.interleaving)",
                "seed \(overdrawn[0]) ran twice: \(found.interleaving) then \(again.interleaving)")
        let replayed = try await ConcurrencyHarness.run(.replay(found.interleaving)) {
            await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(replayed.value < 0 && replayed.scheduleHash == found.scheduleHash,
                "the replay of \(found.interleaving) left \(replayed.value)")
    }

    static let claim = Claim("two check-then-withdraws on a concurrent queue never overdraw", runs: [.seeds(100)],
                             expect: Expectation(every: .that("not overdrawn") { $0 >= 0 }),
                             control: .none(why: "the race itself is what is shown")) {
        await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.checkThenWithdraw(100) }
    }

    @Test("the shrunk counterexample overdraws with one pause, and its replay string overdraws again")
    func shrunkCounterexampleReplays() async throws {
        let result = await check(Self.claim)
        let miss = try #require(ClaimReport.shrinkable(result), "no seed of 100 overdrew")
        let shrunk = try #require(await Self.claim.shrink(miss))
        guard case .success(let balance) = shrunk.result else { Issue.record("\(shrunk.result)"); return }
        #expect(balance == -100)
        #expect(shrunk.preemptions == 1, "one pause as a task sends its barrier is all it takes: \(shrunk.interleaving)")
        let replayed = try await ConcurrencyHarness.run(.replay(shrunk.interleaving)) {
            await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.checkThenWithdraw(100) }
        }
        #expect(replayed.value == -100, "the replay of \(shrunk.interleaving) left \(replayed.value)")
        let text = try #require(ClaimReport(result, shrunk: shrunk).issues.first?.text)
        #expect(text.contains("replay: HARNESS_SCHEDULE='\(shrunk.interleaving)'"), "\(text)")
    }

    @Test("an overdraw's replay string overdraws again in another process, with the same schedule")
    func replayInAnotherProcess() async throws {
        var found: ConcurrencyHarness.Run<Int>?
        for seed in UInt64(0)..<200 where found == nil {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.checkThenWithdraw(100) }
            }
            if run.value < 0 { found = run }
        }
        let here = try #require(found, "no seed of 200 overdrew")
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            [text = "\(here.interleaving)"] in
            setOnlyHarnessVariable("HARNESS_SCHEDULE", text)
            await printConcurrentCheckThenAct()
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "balance -100 hash \(Seed.format(here.scheduleHash))\n",
                """
                HARNESS_SCHEDULE='\(here.interleaving)' overdrew here with hash \(Seed.format(here.scheduleHash)); \
                the child printed: \(printed)
                """)
    }

    @Test("the one-barrier twin never overdraws on any seed")
    func oneBarrierHolds() async throws {
        for seed in UInt64(0)..<200 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                await twoWithdrawals(from: ConcurrentQueueAccount.self) { $0.withdraw(100) }
            }
            #expect(run.value == 0, "seed \(seed) left \(run.value)")
        }
    }

    @Test("readers are inside together on some seed; a barrier is never beside anyone, and a wait says \"queue n\"")
    func readersTogetherBarrierAlone() async throws {
        var together = 0, clashes = 0, waitsShown = 0
        for seed in UInt64(0)..<100 {
            let run = try await ConcurrencyHarness.run(.seeded(seed)) {
                let queue = DispatchQueue(label: "shared", attributes: .concurrent)
                let pause = NSLock()
                let inside = Inside()
                await withTaskGroup(of: Void.self) { group in
                    for task in 0..<3 {
                        group.addTask {
                            if task == 2 {
                                queue.sync(flags: .barrier) {
                                    if inside.barriers.add(1, ordering: .relaxed).newValue > 1
                                        || inside.readers.load(ordering: .relaxed) > 0 {
                                        inside.clashes.add(1, ordering: .relaxed)
                                    }
                                    pause.withLock {}  // a choice point inside the barrier
                                    inside.barriers.subtract(1, ordering: .relaxed)
                                }
                            } else {
                                queue.sync {
                                    let now = inside.readers.add(1, ordering: .relaxed).newValue
                                    if inside.barriers.load(ordering: .relaxed) > 0 { inside.clashes.add(1, ordering: .relaxed) }
                                    _ = inside.mostReaders.max(now, ordering: .relaxed)
                                    pause.withLock {}  // a choice point inside the read
                                    inside.readers.subtract(1, ordering: .relaxed)
                                }
                            }
                        }
                    }
                }
                return [inside.mostReaders.load(ordering: .relaxed), inside.clashes.load(ordering: .relaxed)]
            }
            if run.value[0] > 1 { together += 1 }
            clashes += run.value[1]
            if run.timeline.entries.contains(where: { $0.text.contains(#/waits for queue \d+ held by/#) }) { waitsShown += 1 }
        }
        print("[concurrent queues] readers together on \(together) of 100 seeds, \(clashes) clashes, \(waitsShown) seeds show a wait")
        #expect(together > 0, "no seed had two readers inside the queue at once")
        #expect(clashes == 0, "a barrier was beside a reader or another barrier \(clashes) times")
        #expect(waitsShown > 0, "no timeline showed a job waiting for the queue by name (\"waits for queue n held by\")")
    }

    @Test("a barrier sync inside a read of the same queue is reported as a deadlock naming the queue")
    func barrierInsideOwnRead() async throws {
        for seed in UInt64(0)..<5 {
            let error = await #expect(throws: (any Error).self, "seed \(seed)") {
                _ = try await ConcurrencyHarness.run(.seeded(seed)) {
                    let queue = DispatchQueue(label: "upgrade", attributes: .concurrent)
                    await withTaskGroup(of: Void.self) { group in
                        group.addTask { queue.sync { queue.sync(flags: .barrier) {} } }
                        group.addTask { queue.sync {} }
                    }
                }
            }
            let text = "\(error.map { "\($0)" } ?? "")"
            if seed == 0 { print("[concurrent queues] upgrade: \(text)") }
            #expect(text.contains("deadlock") && text.contains(#/waits for queue \d+/#), "seed \(seed): \(text)")
        }
    }
}
