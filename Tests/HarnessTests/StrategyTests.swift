@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Steps `scheduler` through `tasks` tasks of `steps` jobs each, without threads: job `10 · t + s`
/// is step `s` of task `t`, and running it makes the task's next step ready. Returns the jobs in
/// the order they ran.
func stepTasks(_ scheduler: inout Scheduler, tasks: Int, steps: Int) -> [Int] {
    for task in 0..<tasks { scheduler.enqueue(task * 10) }
    var order: [Int] = []
    while !scheduler.ready.isEmpty, case .run(let entry) = scheduler.next() {
        order.append(entry.job)
        if entry.job % 10 + 1 < steps { scheduler.enqueue(entry.job + 1) }
        scheduler.jobFinished()
    }
    return order
}

/// A scheduler of plain numbers whose task is the tens digit.
func numberScheduler(_ picker: any Picker) -> Scheduler {
    Scheduler(picker: picker, virtualTime: true, limits: RunJudge.Limits(), taskKey: { UInt64($0 / 10) })
}

/// Every schedule of `tasks` × `steps` that `DepthFirst` visits under `bound`, in visiting order.
func depthFirstOrders(tasks: Int, steps: Int, bound: Int?) -> [[Int]] {
    var orders: [[Int]] = []
    var prefix: [UInt32]? = []
    while let next = prefix, orders.count < 10_000 {
        var scheduler = numberScheduler(ReplayPicker(next))
        orders.append(stepTasks(&scheduler, tasks: tasks, steps: steps))
        prefix = DepthFirst.next(after: scheduler.trace, bound: bound).prefix
    }
    return orders
}

@Suite("Strategies on the scheduler value, without threads", scaledTimeLimit(minutes: 1))
struct StrategyTests {
    @Test("PCT with depth 1 is a priority order: each task runs all its steps before the next starts",
          arguments: 0..<UInt64(20))
    func pctDepthOneIsAPriorityOrder(seed: UInt64) {
        var scheduler = numberScheduler(PCTPicker(seed: seed, depth: 1, horizon: 10))
        let order = stepTasks(&scheduler, tasks: 3, steps: 3)
        let tasks = order.map { $0 / 10 }
        let blocks = [tasks[0], tasks[3], tasks[6]]
        #expect(tasks == blocks.flatMap { Array(repeating: $0, count: 3) } && Set(blocks).count == 3,
                "seed \(seed): with no change point the highest-priority ready task always runs, so tasks run whole, one after another; got \(order)")
    }

    @Test("PCT with depth 1 draws different priority orders from different seeds")
    func pctDepthOneOrdersVary() {
        let firsts = Set((0..<UInt64(20)).map { seed in
            var scheduler = numberScheduler(PCTPicker(seed: seed, depth: 1, horizon: 10))
            return stepTasks(&scheduler, tasks: 3, steps: 3).map { $0 / 10 }
        })
        #expect(firsts.count == 6, "20 seeds should give all 6 orders of 3 tasks, gave \(firsts.count): \(firsts)")
    }

    @Test("PCT with depth 2 lowers one task once: a task is interrupted at most once")
    func pctDepthTwoChangesOnce() {
        var interrupted = 0
        for seed in 0..<UInt64(50) {
            var scheduler = numberScheduler(PCTPicker(seed: seed, depth: 2, horizon: 8))
            let tasks = stepTasks(&scheduler, tasks: 3, steps: 3).map { $0 / 10 }
            let switches = zip(tasks, tasks.dropFirst()).filter { $0 != $1 }.count
            #expect(switches <= 3, "seed \(seed): one change point allows one extra switch, got \(tasks)")
            if switches == 3 { interrupted += 1 }
        }
        #expect(interrupted > 0, "some change point should fall where a task still had steps to run")
    }

    @Test("PCT's change points are drawn independently, each with its own priority: the later of two may lower a task further or less far")
    func pctChangePointsKeepTheirDrawOrder() {
        let pickers = (0..<UInt64(200)).map { PCTPicker(seed: $0, depth: 3, horizon: 50) }
        let ascending = pickers.filter { $0.changePoints[0] < $0.changePoints[1] }.count
        let descending = pickers.filter { $0.changePoints[0] > $0.changePoints[1] }.count
        // Burckhardt et al.: kᵢ is drawn uniformly and gets priority i, so the first change point in
        // time gets the lower priority about half the time; sorting the draws would fix it at one.
        #expect(ascending > 60 && descending > 60,
                "200 seeds: the draw with priority 1 came first \(descending) times, second \(ascending) times")
    }

    @Test("exhaustive on two tasks of two steps visits exactly the 6 interleavings, each once")
    func exhaustiveVisitsSix() {
        let orders = depthFirstOrders(tasks: 2, steps: 2, bound: nil)
        #expect(orders.count == 6 && Set(orders).count == 6, "4!/(2!·2!) = 6 interleavings, visited \(orders)")
    }

    @Test("exhaustive with a preemption bound visits only the schedules within it",
          arguments: [(0, 1), (1, 3), (2, 5), (3, 6)])
    func exhaustiveBounded(bound: Int, expected: Int) {
        let orders = depthFirstOrders(tasks: 2, steps: 2, bound: bound)
        #expect(orders.count == expected && Set(orders).count == expected,
                "bound \(bound): expected \(expected) schedules (AABB takes 0 preemptions, ABBA and BBAA 1, ABAB and BAAB 2, BABA 3), visited \(orders)")
    }

    @Test("exhaustive on three tasks of two steps visits 6!/(2!·2!·2!) = 90 interleavings")
    func exhaustiveVisitsNinety() {
        let orders = depthFirstOrders(tasks: 3, steps: 2, bound: nil)
        #expect(orders.count == 90 && Set(orders).count == 90, "visited \(orders.count), distinct \(Set(orders).count)")
    }

    @Test("replay follows its choices, then never preempts")
    func replayFollowsThenStaysCalm() {
        var scheduler = numberScheduler(ReplayPicker([1]))
        #expect(stepTasks(&scheduler, tasks: 2, steps: 2) == [10, 11, 0, 1],
                "choice 1 takes task 1 first; after it, the calm choice runs it on, then task 0")
        #expect(scheduler.trace.map(\.preempts) == [true, false], "the first choice preempted (task 0 was oldest), the second ran task 1 on")
    }

    @Test("a replay string reads back as the choices it was written from",
          arguments: [[], [0], [3, 0, 0, 0, 0, 7, 61, 62, 62, 1000, 1000, 1000, 2, .max, .max, 4], Array(repeating: 5, count: 300)] as [[UInt32]])
    func interleavingRoundTrip(choices: [UInt32]) {
        let text = Interleaving(choices).description
        #expect(Interleaving(parsing: text)?.choices == choices, "\(choices) → \(text)")
        #expect(text.count <= 3 + 2 * max(choices.count, 1) + 12, "compact: \(text)")
    }

    @Test("a replay string keeps the run's number of choice points after a colon", arguments: [0, 3, 617])
    func interleavingKeepsItsPoints(points: Int) {
        let interleaving = Interleaving([ReplayPicker.calm, 2, 0].prefix(min(points, 3)).map { $0 }, points: points)
        let text = interleaving.description
        #expect(text.hasSuffix(":\(points)/\(Interleaving.Build.current)") && Interleaving(parsing: text) == interleaving, "\(text)")
    }

    @Test("a replay string names the build that printed it, and one of the other build is a bad setting that says so")
    func interleavingNamesItsBuild() throws {
        let other: Interleaving.Build = Interleaving.Build.current == .debug ? .release : .debug
        let text = "s1-1*4*0011:8/\(other)"
        #expect(Interleaving(parsing: text)?.build == other)
        #expect(Interleaving(parsing: "s1-1*4*0011:8")?.build == nil, "a string that names no build")
        #expect(Interleaving(parsing: "s1-1:8/fast") == nil)
        #expect(throws: SettingsError.self) { try Plan(environment: ["HARNESS_SCHEDULE": text]) }
        do {
            _ = try Plan(environment: ["HARNESS_SCHEDULE": text])
        } catch {
            #expect(error.description.contains("printed by a \(other) build") && error.description.contains(text),
                    "\(error)")
        }
        let here = try Plan(environment: ["HARNESS_SCHEDULE": "s1-1:8/\(Interleaving.Build.current)"])
        #expect(here.replay?.choices == [1])
    }

    @Test("a malformed replay string is rejected",
          arguments: ["", "s1", "x1-00", "s1-0*0*", "s1-_12", "s1-*3*", "s1-0!", "s1-00:1", "s1-0:", "s1-0:x", ":3"])
    func malformedInterleaving(text: String) {
        #expect(Interleaving(parsing: text) == nil, "\(text) should not parse")
    }
}
