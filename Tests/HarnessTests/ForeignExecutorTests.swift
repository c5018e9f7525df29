import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A serial executor that runs its jobs, one at a time, on a thread of its own: how an app pins an actor to a database
/// connection's, a logger's or an engine's thread. Made once, as a `static let`, it outlives every run of the process.
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
    // @unchecked Sendable: `jobs` is only touched under `condition`.

    /// The lock of the queue, and the signal that a job came.
    private let condition = NSCondition()
    /// The jobs waiting for the thread, oldest first.
    private var jobs: [UnownedJob] = []

    /// An executor whose thread, named `name`, starts now and serves it for the process's life.
    init(name: String) {
        let thread = Thread { [unowned self] in serve() }
        thread.name = name
        thread.start()
    }

    /// Queues `job` for the thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The thread's life: take the oldest job, run it, wait when there is none.
    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }
}

/// Executors made once, each used by one test only, so that which test ran first does not decide what a test sees.
enum SharedThreads {
    /// Made before any of its test's runs (the test touches it first).
    static let madeBefore = ThreadExecutor(name: "made before the runs")
    /// Made inside the first run of its test, by the first call to its actor.
    static let madeInFirstRun = ThreadExecutor(name: "made in the first run")
    /// For the tests whose task waits in the executor's queue (a yield, a sleep on the actor).
    static let waits = ThreadExecutor(name: "waits")
    /// For the test whose task never comes back.
    static let spins = ThreadExecutor(name: "spins")
}

/// An actor pinned to a thread executor: ten callers each add one.
actor PinnedCounter {
    /// The executor the actor's jobs run on.
    private let executor: ThreadExecutor
    /// The count.
    private(set) var count = 0

    /// A counter on `executor`'s thread.
    init(on executor: ThreadExecutor) { self.executor = executor }

    /// The actor runs where its executor says.
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// Adds one.
    func add() { count += 1 }

    /// Adds one `times` times, yielding before each: between two steps the task waits in the executor's queue.
    func addYielding(_ times: Int) async {
        for _ in 0..<times {
            await Task.yield()
            count += 1
        }
    }

    /// Adds one after sleeping `duration` (the sleep itself runs off the actor, as every nonisolated async function
    /// does).
    func addAfter(_ duration: Duration) async {
        try? await Task.sleep(for: duration)
        count += 1
    }

    /// A continuation kept on the actor until `release()`.
    private var waiting: CheckedContinuation<Void, Never>?

    /// Adds one once `release()` was called, waiting on the actor for it.
    func addWhenReleased() async {
        await withCheckedContinuation { waiting = $0 }
        count += 1
    }

    /// Lets `addWhenReleased` go on, once it waits (true), or says it does not wait yet (false).
    func release() -> Bool {
        guard let waiting else { return false }
        self.waiting = nil
        waiting.resume()
        return true
    }

    /// Adds one once `gate` is opened, waiting on the actor for it.
    func addWhenOpened(_ gate: Gate) async {
        await withCheckedContinuation { gate.wait($0) }
        count += 1
    }

    /// Adds what `children` child tasks give, waiting for them on the actor: a task group inherits the actor's
    /// isolation, so the task suspends there, and its children's results wake it in the executor's queue.
    func addFromChildren(_ children: Int) async {
        count += await withTaskGroup(of: Int.self) { group in
            for _ in 0..<children { group.addTask { 1 } }
            return await group.reduce(0, +)
        }
    }
}

/// A gate a task waits at until another opens it, kept under a lock: nobody's actor.
final class Gate: Sendable {
    /// The task waiting, until the gate opens.
    private let waiting = Mutex<CheckedContinuation<Void, Never>?>(nil)
    /// Waits at the gate.
    func wait(_ continuation: CheckedContinuation<Void, Never>) { waiting.withLock { $0 = continuation } }
    /// Opens the gate if a task waits at it (true), or says none waits yet (false).
    func open() -> Bool {
        guard let continuation = waiting.withLock({ kept in defer { kept = nil }; return kept }) else { return false }
        continuation.resume()
        return true
    }
}

/// A global actor on the thread executor `SharedThreads.spins`.
@globalActor actor SpinningActor {
    /// The one instance.
    static let shared = SpinningActor()
    /// The actor runs on the shared thread.
    nonisolated var unownedExecutor: UnownedSerialExecutor { SharedThreads.spins.asUnownedSerialExecutor() }
}

/// Makes a task on `SpinningActor` that makes the next, until `stop` is raised: work that never hands its caller
/// anything, and never passes through the harness's thread.
@SpinningActor func startTheChain(_ stop: StopFlag) {
    guard !stop.raised.load(ordering: .relaxed) else { return }
    Task { @SpinningActor in startTheChain(stop) }
}

/// Submits a block to `queue` that submits itself again, until `stop` is raised.
@Sendable func submitAgain(on queue: DispatchQueue, until stop: StopFlag) {
    queue.async {
        if !stop.raised.load(ordering: .relaxed) { submitAgain(on: queue, until: stop) }
    }
}

/// Ten child tasks each call, once, an actor on `executor`'s thread; returns the count.
@Sendable func tenCallsToAPinnedActor(_ executor: @escaping @Sendable () -> ThreadExecutor) async -> Int {
    let counter = PinnedCounter(on: executor())
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<10 { group.addTask { await counter.add() } }
    }
    return await counter.count
}

@Suite("A task handed to an executor that is not the harness's is in flight until it comes back, never a deadlock",
       .serialized, scaledTimeLimit(minutes: 2))
struct ForeignExecutorTests {
    @Test("an actor on a thread executor made before the runs: 10 on every strict run and every seed, the same seed the same schedule")
    func threadMadeBeforeTheRuns() async throws {
        _ = SharedThreads.madeBefore
        try await expectTenEveryTime { SharedThreads.madeBefore }
    }

    @Test("an actor on a thread executor made in the first run: the first run and every later one give 10")
    func threadMadeInTheFirstRun() async throws {
        try await expectTenEveryTime { SharedThreads.madeInFirstRun }
    }

    @Test("tasks that yield, sleep, wait for child tasks or a continuation on an actor of a thread made before the run: 9 every time, the same seed the same schedule")
    func taskWaitsOnTheActor() async throws {
        _ = SharedThreads.waits
        @Sendable func scenario() async -> Int {
            let counter = PinnedCounter(on: SharedThreads.waits)
            let gate = Gate()
            await withTaskGroup(of: Void.self) { group in
                group.addTask { await counter.addYielding(3) }
                group.addTask { await counter.addAfter(.milliseconds(5)) }
                group.addTask { await counter.addFromChildren(3) }
                group.addTask { await counter.addWhenReleased() }
                group.addTask { while await !counter.release() { await Task.yield() } }
                // Opened from the harness's thread: the waiting task is resumed straight into the actor's queue.
                group.addTask { await counter.addWhenOpened(gate) }
                group.addTask { while !gate.open() { await Task.yield() } }
            }
            return await counter.count
        }
        var outcomes: [String: Int] = [:]
        var differed: [UInt64] = []
        for _ in 0..<10 {
            outcomes[await outcome(.strict, scenario).text, default: 0] += 1
        }
        for seed in UInt64(1)...50 {
            let first = await outcome(.seeded(seed), scenario)
            let second = await outcome(.seeded(seed), scenario)
            outcomes[first.text, default: 0] += 1
            outcomes[second.text, default: 0] += 1
            if first != second { differed.append(seed) }
        }
        #expect(outcomes == ["9": 10, "9 at 0.005 seconds": 100], "outcomes of 10 strict runs and 100 seeded ones: \(outcomes)")
        #expect(differed.isEmpty, "seeds whose two runs differed: \(differed)")
    }

    @Test("work that escaped the run and spins — tasks made one after another on a thread made before the run — ends the run with a failure that names it",
          arguments: [Schedule.strict, .seeded(1)])
    func escapedTasksAreNamed(schedule: Schedule) async throws {
        _ = SharedThreads.spins
        let stop = StopFlag()
        defer { stop.raised.store(true, ordering: .relaxed) }
        let failure = await failure(of: schedule) { () -> Int in
            await startTheChain(stop)
            return await waitForAResumeNobodyMakes()
        }
        #expect(failure?.kind == .timedOut && failure?.hitTimeLimit == false, "\(String(describing: failure))")
        #expect(failure?.summary.contains("took 5000 steps in a row") == true, "\(String(describing: failure?.summary))")
        #expect(failure?.summary.contains("executor 'ThreadExecutor'") == true, "\(String(describing: failure?.summary))")
    }

    @Test("work that escaped the run and spins — a Dispatch block that submits itself again — ends the run with a failure that names it",
          arguments: [Schedule.strict, .seeded(1)])
    func escapedBlocksAreNamed(schedule: Schedule) async throws {
        let stop = StopFlag()
        defer { stop.raised.store(true, ordering: .relaxed) }
        let queue = DispatchQueue(label: "made before the run")
        let failure = await failure(of: schedule) { () -> Int in
            submitAgain(on: queue, until: stop)
            return await waitForAResumeNobodyMakes()
        }
        #expect(failure?.kind == .timedOut && failure?.hitTimeLimit == false, "\(String(describing: failure))")
        #expect(failure?.summary.contains("took 5000 steps in a row") == true, "\(String(describing: failure?.summary))")
        #expect(failure?.summary.contains("a Dispatch block on 'made before the run'") == true,
                "\(String(describing: failure?.summary))")
    }

    /// The run's failure, or nil if it finished. Its escaped work is bounded at 5 000 steps (a twentieth of the
    /// default: a quarter of a second of spinning) and its time limit is a tenth of the default: a run whose escaped
    /// work is not counted ends there, and says nothing of that work.
    private func failure(of schedule: Schedule, _ body: @escaping @Sendable () async -> Int) async -> HarnessFailure? {
        do {
            let options = RunOptions { $0.timeLimit = .seconds(3); $0.escapedWorkLimit = 5_000 }
            _ = try await ConcurrencyHarness.run(schedule, options: options, body)
            return nil
        } catch {
            return error
        }
    }

    /// Strict ×20, then seeds 1…100 twice: every run gives 10, no failure, and each seed's two runs the same schedule.
    private func expectTenEveryTime(_ executor: @escaping @Sendable () -> ThreadExecutor) async throws {
        var outcomes: [String: Int] = [:]
        for _ in 0..<20 {
            outcomes[await outcome(.strict) { await tenCallsToAPinnedActor(executor) }.text, default: 0] += 1
        }
        var differed: [UInt64] = []
        for seed in UInt64(1)...100 {
            let first = await outcome(.seeded(seed)) { await tenCallsToAPinnedActor(executor) }
            let second = await outcome(.seeded(seed)) { await tenCallsToAPinnedActor(executor) }
            outcomes[first.text, default: 0] += 1
            outcomes[second.text, default: 0] += 1
            if first != second { differed.append(seed) }
        }
        #expect(outcomes == ["10": 20, "10 at 0.0 seconds": 200], "outcomes of 20 strict runs and 200 seeded ones: \(outcomes)")
        #expect(differed.isEmpty, "seeds whose two runs differed: \(differed)")
    }

    /// What one run of `body` gave: its value (with the virtual time at its end under a seeded schedule), or its
    /// failure's kind; and its schedule hash.
    private func outcome(_ schedule: Schedule, _ body: @escaping @Sendable () async -> Int) async
        -> Outcome {
        do {
            let run = try await ConcurrencyHarness.run(schedule) { await body() }
            let time = schedule == .strict ? "" : " at \(run.elapsed)"
            return Outcome(text: "\(run.value)" + time, hash: run.scheduleHash)
        } catch {
            return Outcome(text: error.kind.rawValue, hash: 0)
        }
    }

    /// One run's outcome and schedule hash.
    struct Outcome: Equatable {
        /// Its value, or its failure's kind.
        var text: String
        /// Its schedule hash.
        var hash: UInt64
    }
}
