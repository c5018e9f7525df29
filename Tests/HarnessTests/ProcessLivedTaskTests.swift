import CHarnessTime
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// The sweeps so far, who waits for the next one, and whether the next one is the last.
final class Sweeps: Sendable {
    /// The state, under a lock.
    private let state = Mutex<(count: Int, waiters: [CheckedContinuation<Int, Never>], stopping: Bool)>((0, [], false))

    /// One more sweep: every waiter gets its number. Returns whether it was the last.
    func sweep() -> Bool {
        let (count, waiters, last) = state.withLock { state in
            state.count += 1
            defer { state.waiters = [] }
            return (state.count, state.waiters, state.stopping)
        }
        for waiter in waiters { waiter.resume(returning: count) }
        return last
    }

    /// The number of the next sweep, when it comes; with `last`, the next sweep is the janitor's last.
    func next(last: Bool = false) async -> Int {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                if last { state.stopping = true }
                state.waiters.append(continuation)
            }
        }
    }
}

/// A cache whose first use starts a janitor task that sweeps every 2 ms for as long as the process lives (until told
/// to stop, so that it leaves nothing behind for other tests): the shape of a `static let shared` with a background loop.
final class SweepingCache: Sendable {
    /// The one cache, made by the first run that touches it.
    static let shared = SweepingCache()
    /// Its sweeps.
    private let sweeps = Sweeps()

    /// Starts the janitor.
    private init() {
        Task { [sweeps] in
            while true {
                try? await Task.sleep(for: .milliseconds(2))
                if sweeps.sweep() { return }
            }
        }
    }

    /// The number of the next sweep, when it comes.
    func nextSweep() async -> Int { await sweeps.next() }

    /// Makes the next sweep the janitor's last, and waits for it.
    func stop() async -> Int { await sweeps.next(last: true) }
}

/// A `static let` whose initialiser asks to be watched, as one that starts a process-lived task is: the global whose
/// use a run notes.
final class WatchedGlobal: Sendable {
    /// The one value; its initialiser runs inside `swift_once`.
    static let shared = WatchedGlobal()
    /// Its `swift_once` predicate, as a number (0 where `swift_once` cannot be followed).
    let predicate: UInt

    private init() {
        let predicate = harness_static_init_predicate()
        if let predicate { harness_static_watch(predicate) }
        self.predicate = UInt(bitPattern: predicate)
    }

    /// Uses the value, through `swift_once` each time (never folded into one use by the optimiser).
    @inline(never) @_optimize(none)
    static func use() { _ = shared }
}

/// What later runs of one process give for code that outlives its run: `scenario` under strict ×6, then seeded 1…10 and
/// PCT 1…5, each seed twice. Each outcome (a value, or the kind of a failure) counted, and the schedules whose two runs
/// made other choices.
func outcomesOfLaterRuns(_ scenario: @escaping @Sendable () async -> String) async -> (outcomes: [String: Int], differing: [Schedule], runs: Int) {
    func outcome(of schedule: Schedule) async -> (String, Run<String>?) {
        do {
            let ran = try await run(schedule, scenario)
            return (ran.value, ran)
        } catch {
            return ("\(error.kind)", nil)
        }
    }
    var outcomes: [String: Int] = [:]
    for _ in 0..<6 { outcomes[await outcome(of: .strict).0, default: 0] += 1 }
    var differing: [Schedule] = []
    let schedules = (1...10).map { Schedule.seeded($0) } + (1...5).map { Schedule.pct(seed: $0, depth: 3, horizon: 50) }
    for schedule in schedules {
        let (first, firstRun) = await outcome(of: schedule)
        let (second, secondRun) = await outcome(of: schedule)
        outcomes[first, default: 0] += 1
        outcomes[second, default: 0] += 1
        if let firstRun, let secondRun, firstRun.scheduleHash != secondRun.scheduleHash || firstRun.choices != secondRun.choices {
            differing.append(schedule)
        }
    }
    return (outcomes, differing, 6 + 2 * schedules.count)
}

@Suite("A task a static let starts lives as long as the process", scaledTimeLimit(minutes: 1))
struct ProcessLivedTaskTests {
    /// Two sweeps awaited one after the other, as `background-task-singleton` of the corpus does.
    @Sendable static func twoSweeps() async -> String {
        let first = await SweepingCache.shared.nextSweep()
        let second = await SweepingCache.shared.nextSweep()
        return second > first ? "2 sweeps, in order" : "sweep \(second) after sweep \(first)"
    }

    @Test("a janitor a static let starts in the first run sweeps for every later run, strict, seeded and PCT, the same seed the same schedule")
    func janitorOutlivesItsRun() async throws {
        let (outcomes, differing, runs) = await outcomesOfLaterRuns(Self.twoSweeps)
        #expect(outcomes == ["2 sweeps, in order": runs], "the real runtime gives 2 sweeps, in order, every time")
        #expect(differing.isEmpty, "the same seed should give the same schedule: \(differing)")
        // The janitor's last sweep, in a run of its own: no janitor is left for other tests' runs.
        let last = try await run(.strict) { await SweepingCache.shared.stop() }
        #expect(last.value > 2)
    }

    @Test("which watched globals were used is the run's, not the thread's: a thread bound to another run starts with none",
          .enabled(if: WatchedGlobal.shared.predicate != 0, "needs swift_once followed (Linux)"))
    func usesAreTheRuns() {
        let global = UnsafeMutableRawPointer(bitPattern: WatchedGlobal.shared.predicate)
        let first = UnsafeMutablePointer<UInt64>.allocate(capacity: 1), second = UnsafeMutablePointer<UInt64>.allocate(capacity: 1)
        first.initialize(to: 0)
        second.initialize(to: 0)
        defer { first.deallocate(); second.deallocate() }
        // No suspension point from here to the end: the calling thread is lent to each "run" in turn, then given back.
        harness_static_touches_into(first)
        WatchedGlobal.use()
        let usedInFirst = harness_static_touched(global)
        harness_static_touches_into(second)
        let usedInSecondBefore = harness_static_touched(global)
        WatchedGlobal.use()
        let usedInSecondAfter = harness_static_touched(global)
        harness_static_touches_into(nil)
        #expect(usedInFirst == 1, "a run that used the global must be noted as using it")
        #expect(usedInSecondBefore == 0, """
            a thread that used the global for one run and then works for another (a kept worker) must not carry the use: \
            the other run would take in process-lived work it never touched
            """)
        #expect(usedInSecondAfter == 1)
    }
}
