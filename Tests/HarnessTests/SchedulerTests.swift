@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// The scheduler as a value: stepped with plain numbers for jobs, no threads, no runtime.
@Suite("The Scheduler value: picking, virtual time and the judge, without threads", scaledTimeLimit(minutes: 1))
struct SchedulerTests {
    /// A scheduler with defaults for these tests.
    static func make(_ picker: (any Picker)? = nil, virtual: Bool = true,
                     limits: RunJudge.Limits = RunJudge.Limits()) -> Scheduler {
        Scheduler(picker: picker, virtualTime: virtual, limits: limits)
    }

    /// Steps until the scheduler stops handing out jobs; returns the jobs in order, and how it ended.
    static func drain(_ scheduler: inout Scheduler, then: (inout Scheduler, Int) -> Void = { _, _ in })
        -> (jobs: [Int], step: Scheduler.Step)
    {
        var jobs: [Int] = []
        while true {
            let step = scheduler.next()
            guard case .run(let entry) = step else { return (jobs, step) }
            jobs.append(entry.job)
            then(&scheduler, entry.job)
            scheduler.jobFinished()
        }
    }

    @Test("fifo hands jobs out in the order they became ready, the main actor's among them")
    func fifoOrder() {
        var scheduler = Self.make()
        for job in 0..<6 { scheduler.enqueue(job, isMain: job % 2 == 1) }
        #expect(Self.drain(&scheduler).jobs == [0, 1, 2, 3, 4, 5])
    }

    @Test("under every seed the main actor's jobs keep their order; other jobs do not", arguments: [UInt64(200)])
    func mainLaneIsSerial(seeds: UInt64) {
        var otherOrders = Set<[Int]>()
        for seed in 0..<seeds {
            var scheduler = Self.make(RandomPicker(seed: seed))
            for job in 0..<10 { scheduler.enqueue(job, isMain: job >= 5) }
            let jobs = Self.drain(&scheduler).jobs
            #expect(jobs.filter { $0 >= 5 } == [5, 6, 7, 8, 9], "seed \(seed): main-actor jobs ran as \(jobs)")
            otherOrders.insert(jobs.filter { $0 < 5 })
        }
        #expect(otherOrders.count > 10, "the seeds should order the other jobs many ways: \(otherOrders.count)")
    }

    @Test("the same seed picks the same way twice; another seed, another way")
    func seedsReplay() {
        func order(_ seed: UInt64) -> ([Int], UInt64) {
            var scheduler = Self.make(RandomPicker(seed: seed))
            for job in 0..<8 { scheduler.enqueue(job) }
            return (Self.drain(&scheduler).jobs, scheduler.hash.value)
        }
        #expect(order(42) == order(42))
        #expect((0..<20).map { order($0).0 }.count { $0 != order(42).0 } > 0)
    }

    @Test("virtual time jumps to each timer: deadlines in order, ties in the order they were set, the clock exact")
    func timersInOrder() {
        var scheduler = Self.make()
        scheduler.setTimer(30, deadline: 30_000_000)
        scheduler.setTimer(10, deadline: 10_000_000)
        scheduler.setTimer(20, deadline: 20_000_000)
        scheduler.setTimer(11, deadline: 10_000_000)
        var seen: [(Int, Int64)] = []
        _ = Self.drain(&scheduler) { scheduler, job in seen.append((job, scheduler.time.virtualNow)) }
        #expect(seen.map(\.0) == [10, 11, 20, 30])
        #expect(seen.map(\.1) == [10_000_000, 10_000_000, 20_000_000, 30_000_000], "the clock at each timer's job")
    }

    @Test("a busy loop lets time pass: past a free burst of jobs, each costs a microsecond, so a 1 ms timer fires")
    func busyLoopLetsTimersFire() {
        var scheduler = Self.make()
        scheduler.setTimer(-1, deadline: 1_000_000)
        scheduler.enqueue(0)
        var handed = 0
        var fired = false
        while handed < 10_000, case .run(let entry) = scheduler.next() {
            handed += 1
            if entry.job == -1 { fired = true; break }
            scheduler.enqueue(entry.job + 1)  // the loop: every job makes the next one ready at once
            scheduler.jobFinished()
        }
        #expect(fired, "the timer never fired under a busy loop of \(handed) jobs")
        // A free burst, then 1 000 jobs of 1 µs reach the deadline; the loop's next job was ready before the
        // timer fired, so under fifo it goes first and the timer's job is the one after.
        #expect(handed == Scheduler.freeStreak + 1_000 + 2,
                "free burst of \(Scheduler.freeStreak), then 1 000 jobs of 1 µs: the timer's job came \(handed)th")
    }

    @Test("nothing ready, no timer, unfinished: a deadlock at once, or after the grace for outside work")
    func deadlock() {
        var scheduler = Self.make()
        guard case .end(.deadlock) = scheduler.next() else { Issue.record("expected a deadlock"); return }
        var waiting = Self.make(limits: RunJudge.Limits(waitsForOutsideWork: true))
        guard case .waitForOutsideWork = waiting.next() else { Issue.record("expected a wait"); return }
        waiting.outsideWorkDidNotCome()
        guard case .end(.deadlock) = waiting.next() else { Issue.record("expected a deadlock after the grace"); return }
    }

    @Test("work left when the scenario returns: drained by default, a failure under .fail")
    func leftovers() {
        for policy in [RunOptions.LeftoverPolicy.drain, .fail] {
            var scheduler = Self.make(limits: RunJudge.Limits(leftovers: policy))
            scheduler.enqueue(1)
            scheduler.scenarioFinished()
            let (jobs, step) = Self.drain(&scheduler)
            switch (policy, step) {
            case (.drain, .end(.finished)): #expect(jobs == [1] && scheduler.leftoverJobs == 1)
            case (.fail, .end(.leftovers(jobs: 1, stillRunning: false))): #expect(jobs.isEmpty)
            default: Issue.record("\(policy): ended with \(step) after \(jobs)")
            }
        }
    }

    @Test("leftovers that never end fail at the drain budget")
    func endlessLeftovers() {
        var scheduler = Self.make(limits: RunJudge.Limits(drainBudget: 50))
        scheduler.enqueue(0)
        scheduler.scenarioFinished()
        let (jobs, step) = Self.drain(&scheduler) { scheduler, job in scheduler.enqueue(job + 1) }
        guard case .end(.leftovers(_, stillRunning: true)) = step else { Issue.record("ended with \(step)"); return }
        #expect(jobs.count == 51)
    }

    @Test("the job budget ends a loop that never sleeps")
    func jobBudget() {
        var scheduler = Self.make(limits: RunJudge.Limits(jobLimit: 100))
        scheduler.enqueue(0)
        let (jobs, step) = Self.drain(&scheduler) { scheduler, job in scheduler.enqueue(job + 1) }
        guard case .end(.jobBudget(101)) = step else { Issue.record("ended with \(step)"); return }
        #expect(jobs.count == 101)
    }
}

@Suite("Explorations and budgets on real runs", scaledTimeLimit(minutes: 1))
struct ExplorerTests {
    struct FirstWasZero: Error {}

    @Test("an exploration goes on past a failing seed: every seed is run, the failures kept beside the outcomes")
    func goesOnPastFailures() async throws {
        let exploration = try await explore("first", seeds: 40) { () async throws -> Int in
            let order = await racingAppends()
            if order.first == 0 { throw FirstWasZero() }
            return order.first!
        }
        // Every seed asked for: 40, or this explorer's share of a HARNESS_SEEDS slice.
        let asked = Plan.processDefaults.seeds(defaultCount: 40).count
        #expect(UInt64(exploration.runs.count) == asked)
        #expect(!exploration.failures.isEmpty && !exploration.outcomes.isEmpty,
                "some seeds should fail and others finish: \(exploration)")
    }

    @Test("the job budget ends an endless loop long before the real-time limit")
    func jobBudgetBeforeTimeLimit() async throws {
        let options = RunOptions { $0.jobLimit = 5_000; $0.timeLimit = .seconds(30) }
        do {
            _ = try await run(.seeded(1), options: options) { while true { await Task.yield() } }
            Issue.record("an endless loop finished")
        } catch {
            // The budget's own message, not the time limit's: which one ended the run, without timing it.
            #expect(error.kind == .timedOut && error.summary.contains("jobs without finishing"), "\(error)")
        }
    }
}
