import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import Testing

// A condition variable under seeded runs (Sources/CHarnessTime/Locks.c, OutsideWork.c): a wait on one whose mutex the
// code made releases the mutex and waits in the run while another job could go on, until a signal owed to it, its
// deadline on the run's clock, or — when nothing else of the run can move — a wait in the library, as before.

/// Items handed from producers to consumers under one `NSCondition`.
private final class Shelf: @unchecked Sendable {
    // @unchecked Sendable: `items` and `open` are touched only while `condition` is locked, below.
    let condition = NSCondition()
    var items: [Int] = []
    var open = false

    /// Waits while the shelf is empty, then takes the first item (a function of its own: the wait blocks its thread).
    func take() -> Int {
        condition.lock()
        defer { condition.unlock() }
        while items.isEmpty { condition.wait() }
        return items.removeFirst()
    }

    /// Puts `item` on the shelf and signals one waiter.
    func put(_ item: Int) {
        condition.lock()
        items.append(item)
        condition.signal()
        condition.unlock()
    }

    /// Waits until the shelf is opened.
    func waitOpen() -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while !open { condition.wait() }
        return open
    }

    /// Opens the shelf and wakes every waiter.
    func openAll() {
        condition.lock()
        open = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits for an item until `seconds` from now on the wall clock the job reads: whether it came, and how long the
    /// wait lasted on the clock the job reads.
    func take(within seconds: Double) -> (came: Bool, waited: Duration) {
        let start = ContinuousClock.now
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        var came = true
        while items.isEmpty && came { came = condition.wait(until: deadline) }
        return (!items.isEmpty, start.duration(to: .now))
    }
}

/// A consumer task takes two items a producer task puts, one at a time: the items in order.
private func producerConsumer() async -> [Int] {
    let shelf = Shelf()
    return await withTaskGroup(of: [Int].self) { group in
        group.addTask { [shelf.take(), shelf.take()] }
        group.addTask {
            shelf.put(1)
            shelf.put(2)
            return []
        }
        return await group.reduce([], +)
    }
}

@Suite("A condition variable waits in the run under seeded schedules", .serialized, .needs(.lockChoicePoints),
       scaledTimeLimit(minutes: 2))
struct ConditionWaitTests {
    /// A short watchdog: a false "blocked thread" shows at once instead of after the default limit.
    static let quick = RunOptions { $0.blockedThreadLimit = .milliseconds(400) }

    @Test("an NSCondition producer/consumer between two tasks of the run hands both items over on every seed, the consumer waiting in the run")
    func producerConsumerCompletes() async throws {
        let waitsBefore = LockPoints.semaphoreWaits
        for seed in UInt64(0)..<50 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) { await producerConsumer() }
            #expect(run.value == [1, 2], "seed \(seed) handed over \(run.value)")
        }
        let waits = LockPoints.semaphoreWaits - waitsBefore
        print("[conditions] producer/consumer: \(waits) waits in the run over 50 seeds")
        #expect(waits > 0, "no consumer of 50 seeds ever waited in the run: the wait was never reached first")
    }

    @Test("the same seed gives the same schedule for a producer/consumer on a condition")
    func sameSeedSameSchedule() async throws {
        for seed in UInt64(0)..<10 {
            let first = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) { await producerConsumer() }
            let again = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) { await producerConsumer() }
            #expect(first.scheduleHash == again.scheduleHash && "\(first.interleaving)" == "\(again.interleaving)",
                    "seed \(seed) ran twice: \(first.interleaving) then \(again.interleaving)")
        }
    }

    @Test("a broadcast wakes every task waiting on the condition, on every seed")
    func broadcastWakesAll() async throws {
        for seed in UInt64(0)..<30 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                let shelf = Shelf()
                return await withTaskGroup(of: Int.self) { group in
                    for _ in 0..<3 { group.addTask { shelf.waitOpen() ? 1 : 0 } }
                    group.addTask {
                        shelf.openAll()
                        return 0
                    }
                    return await group.reduce(0, +)
                }
            }
            #expect(run.value == 3, "seed \(seed): \(run.value) of 3 waiters woke")
        }
    }

    @Test("a timed wait nobody signals ends at exactly its deadline on the run's clock")
    func timedWaitEndsAtItsDeadline() async throws {
        for seed in UInt64(0)..<20 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                let shelf = Shelf()
                async let unanswered = shelf.take(within: 5)
                try? await Task.sleep(for: .seconds(1))
                return await unanswered
            }
            #expect(!run.value.came && run.value.waited == .seconds(5), "seed \(seed): \(run.value)")
            #expect(run.elapsed == .seconds(5), "seed \(seed): \(run.elapsed)")
        }
    }

    @Test("a condition signalled by a thread outside the run wakes the task waiting on it")
    func signalledFromOutside() async throws {
        for seed in UInt64(0)..<10 {
            // Made before the run: no job of it reaches this thread, which puts an item 20 ms later.
            let shelf = Shelf()
            let stranger = Thread {
                Thread.sleep(forTimeInterval: 0.02)
                shelf.put(7)
            }
            stranger.start()
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                await withTaskGroup(of: Int.self) { group in
                    group.addTask { shelf.take() }
                    group.addTask {
                        NSLock().withLock {}
                        return 0
                    }
                    return await group.reduce(0, +)
                }
            }
            #expect(run.value == 7, "seed \(seed): \(run.value)")
        }
    }

    @Test("a consumer nobody signals still blocks its thread, as before: a blocked thread")
    func unsignalledWaitStillReported() async throws {
        for seed in UInt64(0)..<3 {
            let shelf = Shelf()
            defer { shelf.put(0) }
            do {
                let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                    await withTaskGroup(of: Int.self) { group in
                        group.addTask { shelf.take() }
                        // A timer of the run's while the consumer waits: it waits in the run first, then, once
                        // nothing else of the run can move, in the library.
                        group.addTask {
                            try? await Task.sleep(for: .seconds(1))
                            return 0
                        }
                        return await group.reduce(0, +)
                    }
                }
                Issue.record("seed \(seed): a wait nobody signals was answered: \(run.value)")
            } catch {
                #expect(error.kind == .blockedThread, "seed \(seed): \(error)")
            }
        }
    }
}
