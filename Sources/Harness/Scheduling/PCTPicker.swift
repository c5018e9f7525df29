/// The `pct` strategy's state: Burckhardt, Kothari, Musuvathi and Nagarakatte, "A Randomized
/// Scheduler with Probabilistic Guarantees of Finding Bugs" (ASPLOS 2010).
///
/// Every task gets a random priority the first time one of its jobs is a candidate, and the
/// highest-priority ready task always runs; at `depth − 1` change points k₁…k_(d−1), each drawn
/// uniformly and independently among the first `horizon` choice points, the task just picked drops
/// to priority i at kᵢ — below every task not yet lowered (their priorities are at least `depth`).
/// As in the paper's algorithm, the value i belongs to the i-th draw, not to the i-th change point
/// in time, so which of two lowered tasks ends above the other is random too. A bug that needs
/// `d` ordering constraints is found with probability at least 1 / (n · k^(d−1)) per run for n
/// tasks and k steps, whatever the scenario. Here a step is a choice point (a step with one job
/// ready is the same under every priority), and k is the calm run's choice points (`pctHorizon`).
///
/// A task is known by its key (`Scheduler.taskKey`); priorities are handed out in the order tasks
/// are first seen, which the schedule itself fixes, so a seed gives the same run in any process.
struct PCTPicker {
    /// Draws the priorities.
    private var generator: SeededGenerator
    /// The depth: one more than the number of change points.
    let depth: Int
    /// kᵢ for i = 1…depth − 1, in the order drawn: at choice point `changePoints[i − 1]` the picked
    /// task's priority becomes i.
    let changePoints: [Int]
    /// Choice points so far.
    private var choicePoint = 0
    /// Each task's priority; lowered ones are below `depth`, all others at or above it.
    private var priorities: [UInt64: UInt64] = [:]

    /// PCT from `seed`, with `depth − 1` change points among the first `horizon` choice points.
    init(seed: UInt64, depth: Int, horizon: Int) {
        var generator = SeededGenerator(seed: seed)
        self.depth = max(depth, 1)
        changePoints = (0..<self.depth - 1).map { _ in generator.index(below: max(horizon, 1)) }
        self.generator = generator
    }

    /// The candidate to take, given each candidate's task key; lowers the taken task at a change point.
    mutating func pick(count: Int, key: (Int) -> UInt64) -> Int {
        var best = 0, bestKey: UInt64 = 0, bestPriority: UInt64 = 0
        for index in 0..<count {
            let candidate = key(index)
            let priority = self.priority(of: candidate)
            if index == 0 || priority > bestPriority { (best, bestKey, bestPriority) = (index, candidate, priority) }
        }
        // Two draws at one point lower the task twice; the later draw's value stands.
        for (drawn, point) in changePoints.enumerated() where point == choicePoint {
            priorities[bestKey] = UInt64(drawn + 1)
        }
        choicePoint += 1
        return best
    }

    /// A task's priority, drawn the first time it is asked for.
    private mutating func priority(of key: UInt64) -> UInt64 {
        if let known = priorities[key] { return known }
        let drawn = max(generator.next(), UInt64(depth))
        priorities[key] = drawn
        return drawn
    }
}

extension PCTPicker: Picker {
    /// It gives each task a priority: the scheduler keys every ready job by the task it counts for.
    static var readsTaskKeys: Bool { true }
    /// It records no trace.
    static var recordsTrace: Bool { false }
    /// The highest-priority candidate's index (`pick(count:key:)`); PCT needs no calm candidate.
    mutating func pick(among count: Int, key: (Int) -> UInt64, calm: () -> Int) -> Int {
        pick(count: count, key: key)
    }
}
