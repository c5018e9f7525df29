import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// An actor whose jobs run on a Dispatch queue of its own (Linux has no `DispatchSerialQueue` executor).
actor QueueBackedCounter {
    /// Runs the actor's jobs on a serial queue.
    final class QueueExecutor: SerialExecutor {
        /// The queue.
        let queue = DispatchQueue(label: "queue-backed-counter")
        /// Runs `job` on the queue.
        func enqueue(_ job: consuming ExecutorJob) {
            let unowned = UnownedJob(job)
            queue.async { unowned.runSynchronously(on: self.asUnownedSerialExecutor()) }
        }
    }

    /// The executor, kept by the actor.
    private let executor = QueueExecutor()
    /// The actor runs on its queue.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }
    /// The count.
    private(set) var count = 0
    /// Adds one and says the new count.
    func increment() -> Int {
        count += 1
        return count
    }
}

/// Lines written from any thread, in the order they came.
final class LockedLines: Sendable {
    /// The lines.
    private let storage = Mutex<[String]>([])
    /// Adds a line.
    func append(_ line: String) { storage.withLock { $0.append(line) } }
    /// The lines so far.
    var lines: [String] { storage.withLock { $0 } }
}

/// Waits for a value another thread gives: the callback shape of ordinary code.
func resumed<T: Sendable>(by start: @escaping @Sendable (@escaping @Sendable (T) -> Void) -> Void) async -> T {
    await withCheckedContinuation { continuation in start { continuation.resume(returning: $0) } }
}

@Suite("Work a run hands to Dispatch or a thread is followed: waited for, never a false deadlock",
       scaledTimeLimit(minutes: 1), .needs(.outsideWork))
struct OutsideWorkTests {
    @Test("a continuation resumed from DispatchQueue.asyncAfter finishes with default options, after exactly its delay in virtual time",
          arguments: [Schedule.strict, .seeded(1), .seeded(2), .seeded(3)])
    func asyncAfterResumes(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> Bool in
            let start = ContinuousClock.now
            let value: Int = await resumed { give in
                DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(50)) { give(7) }
            }
            return value == 7 && start.duration(to: .now) >= .milliseconds(50)
        }
        #expect(run.value, "resumed with 7 after at least 50 ms")
        if schedule != .strict { #expect(run.elapsed == .milliseconds(50), "virtual time at the end: \(run.elapsed)") }
    }

    @Test("a continuation resumed from a Thread that sleeps finishes; under seeds the thread's sleep is the run's time",
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func threadResumes(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> Bool in
            let start = ContinuousClock.now
            let value: Int = await resumed { give in
                Thread.detachNewThread {
                    Thread.sleep(forTimeInterval: 0.02)
                    give(3)
                }
            }
            return value == 3 && start.duration(to: .now) >= .milliseconds(20)
        }
        #expect(run.value, "resumed with 3 after at least 20 ms")
        if schedule != .strict { #expect(run.elapsed == .milliseconds(20), "virtual time at the end: \(run.elapsed)") }
    }

    @Test("an actor on a Dispatch-backed executor of its own runs beside the harness and hands its callers back",
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func customExecutorActor(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> Int in
            let counter = QueueBackedCounter()
            return await withTaskGroup(of: Int.self) { group in
                for _ in 0..<4 { group.addTask { await counter.increment() } }
                return await group.reduce(0) { max($0, $1) }
            }
        }
        #expect(run.value == 4)
    }

    @Test("work from another thread lands at the same point of the schedule for the same seed, whenever it really came",
          arguments: [UInt64(1), 2, 3, 4, 5])
    func arrivalsKeepTheSchedule(seed: UInt64) async throws {
        @Sendable func scenario() async -> [String] {
            let log = LockedLines()
            await withTaskGroup(of: Void.self) { group in
                group.addTask {
                    let value: String = await resumed { give in DispatchQueue.global().async { give("callback") } }
                    log.append(value)
                }
                for n in 0..<3 {
                    group.addTask {
                        for step in 0..<3 {
                            log.append("task \(n).\(step)")
                            await Task.yield()
                        }
                    }
                }
            }
            return log.lines
        }
        let first = try await run(.seeded(seed)) { await scenario() }
        let second = try await run(.seeded(seed)) { await scenario() }
        #expect(first.value == second.value && first.scheduleHash == second.scheduleHash,
                "the same seed twice: \(first.value) and \(second.value)")
    }

    @Test("DispatchTime.now() inside a seeded job reads the run's clock")
    func dispatchTimeIsVirtual() async throws {
        let run = try await ConcurrencyHarness.run(.seeded(1)) { () -> UInt64 in
            let before = DispatchTime.now()
            try? await Task.sleep(for: .milliseconds(40))
            return DispatchTime.now().uptimeNanoseconds - before.uptimeNanoseconds
        }
        #expect(run.value == 40_000_000, "nanoseconds between the two readings: \(run.value)")
    }

    @Test("a Dispatch block that waits forever for a semaphore nobody signals is a deadlock at once, and says so",
          arguments: [Schedule.strict, .seeded(1)])
    func blockWaitingForeverIsADeadlock(schedule: Schedule) async throws {
        let semaphore = DispatchSemaphore(value: 0)
        let failure = await failure(of: schedule) { () -> Int in
            await resumed { give in
                DispatchQueue.global().async {
                    semaphore.wait()
                    give(1)
                }
            }
        }
        #expect(failure?.kind == .deadlock, "\(String(describing: failure))")
        #expect(failure?.summary.contains("waiting for another thread") == true, "\(String(describing: failure?.summary))")
        semaphore.signal()
    }

    @Test("a thread the run started that keeps working and never hands anything back is named when the limit runs out")
    func busyThreadIsNamed() async throws {
        let stop = Atomic<Bool>(false)
        let options = RunOptions { $0.outsideWorkLimit = .milliseconds(300) }
        let failure = await failure(of: .strict, options: options) { () -> Int in
            // Never resumed, on purpose: an unsafe continuation, since a checked one let go unresumed makes the runtime
            // print its "leaked its continuation" line into the output of a green run.
            await withUnsafeContinuation { (_: UnsafeContinuation<Int, Never>) in
                Thread.detachNewThread {
                    while !stop.load(ordering: .relaxed) { usleep(1_000) }
                }
            }
        }
        stop.store(true, ordering: .relaxed)
        #expect(failure?.kind == .outsideWorkPending, "\(String(describing: failure))")
        #expect(failure?.summary.contains("a thread the run started") == true, "\(String(describing: failure?.summary))")
    }

    @Test("a DispatchSource timer's ticks come on the run's clock under seeds: the k-th of a 2 ms timer exactly 2k ms in",
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func timerSourceTicks(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> [Duration] in
            let start = ContinuousClock.now
            let ticks = AsyncStream<Duration> { continuation in
                let ended = LockedLines()
                let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ticks"))
                timer.setEventHandler {
                    if ended.lines.isEmpty { continuation.yield(start.duration(to: .now)) } else { timer.cancel() }
                }
                continuation.onTermination = { _ in ended.append("ended") }
                timer.schedule(deadline: .now() + .milliseconds(2), repeating: .milliseconds(2))
                timer.resume()
            }
            var seen: [Duration] = []
            for await tick in ticks {
                seen.append(tick)
                if seen.count == 3 { break }
            }
            return seen
        }
        if schedule == .strict {
            #expect(run.value.count == 3 && run.value.last! >= .milliseconds(6), "ticks at \(run.value)")
        } else {
            #expect(run.value == [.milliseconds(2), .milliseconds(4), .milliseconds(6)], "ticks at \(run.value)")
        }
    }

    @Test("two callbacks racing to resume one continuation: the same seed, the same winner", arguments: [UInt64(1), 2, 3])
    func racingCallbacksKeepTheSeed(seed: UInt64) async throws {
        @Sendable func race() async -> String {
            let winner = LockedLines()
            return await withCheckedContinuation { continuation in
                let once = Mutex<CheckedContinuation<String, Never>?>(continuation)
                @Sendable func finish(_ who: String) { once.withLock { $0.take() }?.resume(returning: who) }
                DispatchQueue.global().async { finish("queue") }
                Thread.detachNewThread { finish("thread") }
                winner.append("started")
            }
        }
        var winners: Set<String> = []
        for _ in 0..<5 { winners.insert(try await run(.seeded(seed)) { await race() }.value) }
        #expect(winners.count == 1, "seed \(seed) gave \(winners.sorted())")
    }

    @Test("a seeded job kept from its CPU for 300 ms still holds the thread it started until it ends",
          .enabled(if: threadsCanBeStalled, "needs Linux's thread affinity and count of waits"))
    func slowJobKeepsItsWork() async throws {
        let spinners = try #require(await Spinners.start(count: 1), "could not pin threads to one CPU")
        defer { spinners.stop() }
        let run = try await run(.seeded(1)) {
            let ran = Mutex(false)
            let thread = Thread { ran.withLock { $0 = true } }
            thread.start()
            // A loaded machine, made on purpose: the job is runnable all along, but given no CPU.
            let stalled = waitForACPU(for: .milliseconds(300), beside: spinners)
            return (stalled, ran.withLock { $0 })
        }
        #expect(run.value.0, "the job could not be kept from its CPU")
        #expect(run.value.1 == false, """
            the thread a seeded job starts runs when the job has run to its end, however slowly the job ran: it ran \
            while the job was still kept from its CPU, so the schedule hung on the machine's load
            """)
    }

    /// How a run of `body` under `schedule` failed, or nil if it did not.
    private func failure(of schedule: Schedule, options: RunOptions = RunOptions(),
                         _ body: @escaping @Sendable () async -> Int) async -> HarnessFailure? {
        do {
            _ = try await run(schedule, options: options, body)
            return nil
        } catch {
            return error
        }
    }
}
