import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A serial executor on a thread of its own, as apps write one (a semaphore it sleeps on, signalled once a closure),
/// that loses a random stretch of real time (spinning, yielding its CPU) after it starts and before each closure it
/// runs: what a loaded machine does to a foreign thread. Under a seeded schedule nothing it does in real time may
/// move the run's schedule.
final class SlowThreadExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked Sendable: `closures` is a Mutex and `mayWait` an Atomic; `random` is touched only on the thread.

    /// The closures not yet run; nil is the order to stop.
    private let closures = Mutex<[(@Sendable () -> Void)?]>([])
    /// Signalled once per closure.
    private let wake = DispatchSemaphore(value: 0)
    /// Where the lost stretches' lengths come from: the machine's entropy, so that no two runs lose the same.
    private var random = SystemRandomNumberGenerator()
    /// Whether the thread may go to its semaphore: until then it spins, with no call the harness sees.
    private let mayWait: Atomic<Bool>

    /// An executor whose thread, named `name`, has started when this returns; a thread `lateToItsWait` reaches its
    /// semaphore only after `letWait()`, as a loaded machine makes a thread late, but every time.
    init(name: String, lateToItsWait: Bool = false) {
        mayWait = Atomic(!lateToItsWait)
        let started = DispatchSemaphore(value: 0)
        let thread = Thread { [self] in
            started.signal()
            while !mayWait.load(ordering: .acquiring) {}
            while true {
                dawdle(&random)
                wake.wait()
                guard let closure = closures.withLock({ $0.removeFirst() }) else { return }
                dawdle(&random)
                closure()
            }
        }
        thread.name = name
        thread.start()
        started.wait()
    }

    /// Queues `job` for the thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        perform { job.runSynchronously(on: executor) }
    }

    /// Runs `closure` on the thread, after what is queued: a callback delivered where the actor runs.
    func perform(_ closure: @escaping @Sendable () -> Void) {
        closures.withLock { $0.append(closure) }
        wake.signal()
    }

    /// Ends the thread once what is queued has run.
    func stop() {
        closures.withLock { $0.append(nil) }
        wake.signal()
    }

    /// Lets a thread late to its wait go to its semaphore.
    func letWait() { mayWait.store(true, ordering: .releasing) }

    /// `assumeIsolated` passes on this executor's thread.
    func checkIsolated() {}
}

/// Spun on by `dawdle`, so that the spin is not optimized away.
let dawdled = Atomic<Int>(0)

/// Loses up to about half a millisecond of real time: a spin of random length, then a random number of yields of the
/// CPU to whatever else is ready.
func dawdle<G: RandomNumberGenerator>(_ random: inout G) {
    for _ in 0..<Int.random(in: 0..<50_000, using: &random) { dawdled.add(1, ordering: .relaxed) }
    for _ in 0..<Int.random(in: 0..<4, using: &random) { sched_yield() }
}

/// An engine on a slow thread made for it, whose callbacks arrive on that thread.
actor SlowEngine {
    /// The engine's thread.
    let executor: SlowThreadExecutor
    /// Frames rendered.
    private(set) var frames = 0

    /// An engine whose thread is `lateToItsWait` or not.
    init(lateToItsWait: Bool = false) {
        executor = SlowThreadExecutor(name: "slow engine", lateToItsWait: lateToItsWait)
    }

    /// The actor runs on its thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// One frame.
    func frame() { frames += 1 }

    /// Runs `count` frame callbacks on the engine's thread, each counting a frame without an `await`; `done` runs
    /// after the last.
    nonisolated func renderLoop(count: Int, done: @escaping @Sendable () -> Void) {
        for frame in 1...count {
            executor.perform {
                self.assumeIsolated { $0.frame() }
                if frame == count { done() }
            }
        }
    }
}

/// A flag a callback raises and a job reads.
final class Flag: Sendable {
    /// Raised or not.
    let value = Atomic<Bool>(false)
}

/// A slow thread made once, before the runs that use it.
enum SlowThreads {
    /// The shared one.
    static let shared = SlowThreadExecutor(name: "slow, made before the runs")
}

/// A counter on the shared slow thread.
actor SlowPinnedCounter {
    /// The count.
    private(set) var count = 0
    /// The actor runs on the shared slow thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { SlowThreads.shared.asUnownedSerialExecutor() }
    /// Adds one.
    func add() { count += 1 }
}

@Suite("Same seed, same schedule, however late a foreign executor's thread runs", .serialized,
       scaledTimeLimit(minutes: 3))
struct SlowForeignThreadTests {
    @Test("callbacks on an actor's slow thread executor, made in the run: each seed gives one schedule hash over 40 runs")
    func callbacksOnASlowThread() async throws {
        try await expectOneScheduleEachSeed("4 frames") {
            let engine = SlowEngine()
            await withCheckedContinuation { continuation in
                engine.renderLoop(count: 4) { continuation.resume() }
                // The job goes on a while before it suspends: the thread may have run the callbacks by then.
                var random = SystemRandomNumberGenerator()
                dawdle(&random)
            }
            let frames = await engine.frames
            engine.executor.stop()
            return "\(frames) frames"
        }
    }

    @Test("a thread reaching its semaphore only after the job signalled it: the callbacks wait for the job's end, every run")
    func lateThreadWaitsForTheJobsEnd() async throws {
        try await expectOneScheduleEachSeed("4 frames, resumed after the job") {
            let engine = SlowEngine(lateToItsWait: true)
            let resumed = Flag()
            var resumedWhileTheJobRan = false
            await withCheckedContinuation { continuation in
                engine.renderLoop(count: 4) {
                    resumed.value.store(true, ordering: .releasing)
                    continuation.resume()
                }
                engine.executor.letWait()
                // The job goes on until the thread has resumed it, or for a while counted, not timed: a signal sent
                // now would let the thread run the callbacks before the job suspends.
                var spins = 0
                while !resumed.value.load(ordering: .acquiring) && spins < 2_000_000 { spins += 1 }
                resumedWhileTheJobRan = resumed.value.load(ordering: .acquiring)
            }
            let frames = await engine.frames
            engine.executor.stop()
            return "\(frames) frames, resumed \(resumedWhileTheJobRan ? "while the job ran" : "after the job")"
        }
    }

    @Test("children calling an actor on a slow thread made before the run, then a Task on it: each seed gives one schedule hash over 40 runs")
    func childrenOnASlowSharedThread() async throws {
        _ = SlowThreads.shared
        try await expectOneScheduleEachSeed("5, then 6") {
            let counter = SlowPinnedCounter()
            await withTaskGroup(of: Void.self) { group in
                for _ in 0..<5 { group.addTask { await counter.add() } }
            }
            let first = await counter.count
            let second = await Task { await counter.add(); return await counter.count }.value
            return "\(first), then \(second)"
        }
    }

    /// Runs `body` 40 times under each of seeds 1…5: every run gives `expected`, and every run of a seed the same
    /// schedule hash.
    private func expectOneScheduleEachSeed(_ expected: String, _ body: @escaping @Sendable () async -> String)
        async throws {
        var outcomes: [String: Int] = [:]
        var hashesBySeed: [UInt64: Set<UInt64>] = [:]
        for seed in UInt64(1)...5 {
            for _ in 0..<40 {
                do {
                    let run = try await ConcurrencyHarness.run(.seeded(seed), body)
                    outcomes[run.value, default: 0] += 1
                    hashesBySeed[seed, default: []].insert(run.scheduleHash)
                } catch {
                    outcomes[error.kind.rawValue, default: 0] += 1
                }
            }
        }
        #expect(outcomes == [expected: 200], "outcomes of 200 seeded runs: \(outcomes)")
        let moved = hashesBySeed.filter { $0.value.count > 1 }.map { "seed \($0.key): \($0.value.count) hashes" }.sorted()
        #expect(moved.isEmpty, "seeds whose runs gave more than one schedule: \(moved)")
    }
}
