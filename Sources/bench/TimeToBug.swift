// The bench's second part: how many runs each strategy needs before a bug shows, and how many
// schedules exhaustive exploration visits. The breakages patch the subjects, which the bench cannot
// do: their rows come from `scripts/time-to-bug`, which applies each one to a scratch copy and runs
// its catching test. The rows here run the lessons' wrong shapes themselves (the types in
// Sources/Subjects/*/Mistakes, through the scenarios the tests use), in this process.
import Foundation
import ConcurrencyHarness
import ConcurrencyProofsScenarios
import ConcurrencyProofsSubjects

/// One bug for the time-to-bug table: the scenario, what a failing outcome looks like, and how many
/// ordering constraints it needs (the PCT depth that should find it).
struct BugShape {
    /// The wrong shape and the size.
    var name: String
    /// The number of ordering constraints the bug needs: PCT's depth for it.
    var depth: Int
    /// The scenario.
    var body: @Sendable () async throws -> Int
    /// Whether an outcome shows the bug.
    var fails: @Sendable (Int) -> Bool
}

/// Runs under `schedule(seed)` for seeds from `start` until one fails; the runs it took, or nil
/// past `limit`.
func runsToFirstFailure(_ shape: BugShape, from start: UInt64, limit: Int,
                        _ schedule: (UInt64) -> Schedule) async throws -> Int? {
    for index in 0..<limit {
        let run = try await run(schedule(start + UInt64(index)), shape.body)
        if shape.fails(run.value) { return index + 1 }
    }
    return nil
}

/// The runs to the first failure from each of `starts` starting points, sorted; nil if one found none.
func timeToBug(_ shape: BugShape, starts: Int, limit: Int, _ schedule: @escaping (UInt64) -> Schedule) async throws -> [Int]? {
    var counts: [Int] = []
    for start in 0..<starts {
        guard let count = try await runsToFirstFailure(shape, from: UInt64(start) * 1_000_000, limit: limit, schedule)
        else { return nil }
        counts.append(count)
    }
    return counts.sorted()
}

/// `median / worst`, or `none in 1 000`.
func medianAndWorst(_ counts: [Int]?, limit: Int) -> String {
    guard let counts else { return "none in \(grouped(Double(limit)))" }
    return "\(counts[counts.count / 2]) / \(counts.last!)"
}

/// Prints the time-to-bug table: runs until the first failure, median and worst over `starts`
/// starting points, under random, PCT at depths 1 to 3 and the default portfolio; whether PCT at the bug's depth met
/// its target (no more runs than random, median and worst, and a median of at most 5), and whether the portfolio
/// met its own (within 2× of the best of the four, median and worst). Then each search's chance that one run shows the
/// bug, over `chanceRuns` seeds (`printChances`).
func printTimeToBug(starts: Int, chanceRuns: Int) async throws {
    let twoRequests: @Sendable (Int) -> Bool = { $0 > 1 }
    let shapes = [
        BugShape(name: "AnswersOnlyCache (L38 Q1), 2 screens", depth: 1,
                 body: { try await askAtOnce(2, .answersOnly).requests }, fails: twoRequests),
        BugShape(name: "AnswersOnlyCache (L38 Q1), 10 screens", depth: 1,
                 body: { try await askAtOnce(10, .answersOnly).requests }, fails: twoRequests),
        BugShape(name: "CacheAwaitingDisk (L38 actors Q11), 2 screens", depth: 2,
                 body: { try await askAtOnce(2, .awaitingDiskActor).requests }, fails: twoRequests),
        BugShape(name: "CacheAwaitingDisk (L38 actors Q11), 10 screens", depth: 2,
                 body: { try await askAtOnce(10, .awaitingDiskActor).requests }, fails: twoRequests),
        BugShape(name: "(not a lesson's) flag set after 10 yields, read at once", depth: 1,
                 body: { await lateFlag(yields: 10) }, fails: { $0 == 1 }),
        BugShape(name: "(not a lesson's) flag up from yield 5 to 10, read at once", depth: 2,
                 body: { await flagWindow(before: 5, during: 5) }, fails: { $0 == 1 }),
        BugShape(name: "(not a lesson's) flag up from yield 10 to 20, read at once", depth: 2,
                 body: { await flagWindow(before: 10, during: 10) }, fails: { $0 == 1 }),
        // A pause at a lock is the choice: one task stopped before its second section while the other withdraws.
        BugShape(name: "(not a lesson's) NSLock check-then-act, 2 tasks", depth: 2,
                 body: { await twoCheckThenWithdraws() }, fails: { $0 < 0 }),
    ]
    let limit = 1_000
    print("")
    print("Time to bug: runs until the first failing run, median / worst over \(starts) starting seeds")
    print("(the lessons' wrong shapes from Sources/Subjects/*/Mistakes; the breakages' rows: scripts/time-to-bug)")
    // The portfolio's own target (3× the best single search's runs, on average) is judged on the chance table below:
    // a median over a few starting points moves with luck.
    print(pad("wrong shape", 60) + pad("depth", 7) + comparedSearchNames.map { pad($0, 14) }.joined() + "pct ≤ random")
    var chances: [[Double]] = []
    for shape in shapes {
        let horizon = try await run(.replay(Interleaving([])), shape.body).choices.count
        let searches = comparedSearches(horizon: horizon)
        var counts: [[Int]?] = []
        for search in searches { counts.append(try await timeToBug(shape, starts: starts, limit: limit, search)) }
        let singles = Array(counts.dropLast())
        print(pad(shape.name, 60) + pad("\(shape.depth)", 7) + counts.map { pad(medianAndWorst($0, limit: limit), 14) }.joined()
              + (meetsTarget(pct: singles[shape.depth], random: singles[0]) ? "yes" : "no"))
        chances.append(try await chancesToShow(shape, searches, runs: chanceRuns))
    }
    printChances(shapes, chances, runs: chanceRuns)
}

/// The searches both tables compare: random, PCT at depths 1 to 3, and last the default portfolio.
let comparedSearchList: [Search] = [.random, .pct(depth: 1), .pct(depth: 2), .pct(depth: 3), .portfolio]

/// `comparedSearchList`'s schedules for a scenario of `horizon` choice points (its calm run's).
func comparedSearches(horizon: Int) -> [(UInt64) -> Schedule] {
    comparedSearchList.map { search in { search.schedule(seed: $0, horizon: horizon) } }
}

/// The names of `comparedSearchList`, in its order: the tables' column headers.
let comparedSearchNames = ["random", "pct depth 1", "pct depth 2", "pct depth 3", "portfolio"]

/// The chance that one run under each of `searches` shows `shape`'s bug, counted over `runs` seeds apart from the
/// time-to-bug table's starting points (multiples of a million, from 0).
func chancesToShow(_ shape: BugShape, _ searches: [(UInt64) -> Schedule], runs: Int) async throws -> [Double] {
    var chances: [Double] = []
    for search in searches {
        var shown = 0
        for seed in 0..<UInt64(runs) where shape.fails(try await run(search(500_000 + seed), shape.body).value) { shown += 1 }
        chances.append(Double(shown) / Double(runs))
    }
    return chances
}

/// Prints the chance that one run shows each row's bug (`chances[row]`: the single searches', then the portfolio's),
/// counted over `runs` seeds: a median or a worst over twenty starting points moves with luck, a chance over many runs
/// much less. 1 / chance is the runs a search needs on average, so the ratio of two chances is the ratio of their
/// times to the bug. Beside the portfolio's counted ratio, the one computed from the single searches' chances
/// (`portfolioRatio`), and its worst row: the default search's target is 3×. Then the best that any fixed mix of the
/// single searches could do on every row at once (`bestMix`).
func printChances(_ shapes: [BugShape], _ chances: [[Double]], runs: Int) {
    print("")
    print("The chance that one run shows the bug, over \(grouped(Double(runs))) seeds each; \"best ÷ portfolio\": how many times")
    print("more runs the portfolio needs on average than the best single strategy, counted (its chance) and computed (the")
    print("runs to its first failure from seed 0, each seed shown its bug with its strategy's chance in the row)")
    print(pad("wrong shape", 60) + comparedSearchNames.map { pad($0, 14) }.joined() + pad("best ÷ portfolio", 18) + "computed")
    var worst: (ratio: Double, row: Int)? = nil
    for (index, (shape, row)) in zip(shapes, chances).enumerated() {
        let best = row.dropLast().max()!, portfolio = row.last!, computed = portfolioRatio(Array(row.dropLast()))
        if best > 0, computed >= worst?.ratio ?? 0 { worst = (computed, index) }
        print(pad(shape.name, 60) + row.map { pad(String(format: "%.3f", $0), 14) }.joined()
              + pad(best == 0 ? "none shows it" : portfolio == 0 ? "never shows it" : String(format: "%.1f×", best / portfolio), 18)
              + (best == 0 ? "none shows it" : computed.isFinite ? String(format: "%.2f×", computed) : "never shows it"))
    }
    if let worst {
        print("The default search, computed: within " + String(format: "%.2f×", worst.ratio) + " of the best single strategy on every"
              + " row (its worst: \(shapes[worst.row].name)); target 3×: " + (worst.ratio <= 3 ? "met" : "not met"))
    }
    let mix = bestMix(chances.map { Array($0.dropLast()) })
    let weights = zip(comparedSearchNames, mix.weights).filter { $0.1 > 0 }.map { "\($0.0) \(Int(($0.1 * 100).rounded()))%" }
    print("The best fixed mix of the four (weights in steps of 1/\(mixSteps)): \(weights.joined(separator: ", ")), within "
          + String(format: "%.2f× of the best on every row (its worst: %@)", mix.ratio, shapes[mix.worstRow].name))
}

/// How many times more runs the default search needs on average than the best single strategy to show a bug, computed
/// from `chances` (one per single search of `comparedSearchList`, in its order) rather than counted: seed k runs under
/// `Search.portfolioPart(of: k)` and shows the bug with that search's chance, each run apart from the others, so the
/// expected number of the first run that shows it, from seed 0 on, is the sum over n ≥ 0 of the chance that none of
/// seeds 0..<n shows it (the product over k < n of 1 − chance(k)); the best single strategy needs 1 / its chance.
/// Infinity if the portfolio's searches never show it; NaN if no search does.
func portfolioRatio(_ chances: [Double]) -> Double {
    guard let best = chances.max(), best > 0 else { return .nan }
    var expected = 0.0, noneYet = 1.0
    for seed in UInt64(0)..<1_000_000 {
        expected += noneYet
        noneYet *= 1 - chances[comparedSearchList.firstIndex(of: Search.portfolioPart(of: seed))!]
        if noneYet <= 1e-12 { break }
    }
    return noneYet > 1e-12 ? .infinity : expected * best
}

/// The grid of `bestMix`: weights are multiples of 1 / `mixSteps`.
let mixSteps = 40

/// The fixed mix of the single strategies (weights summing to 1, in steps of 1 / `mixSteps`) whose worst row is
/// best: a row's ratio is its best single chance over the mix's (Σ weight × chance), and a mix is as good as its
/// worst row. `chances[row][strategy]`; rows that no strategy shows are left out.
func bestMix(_ chances: [[Double]]) -> (weights: [Double], ratio: Double, worstRow: Int) {
    let best = chances.map { $0.max() ?? 0 }, rows = chances.indices.filter { best[$0] > 0 }, count = chances.first?.count ?? 0
    var found: (weights: [Double], ratio: Double, worstRow: Int) = ([], .infinity, 0)
    /// Every way to share `left` steps among the strategies from `index` on.
    func share(_ index: Int, _ left: Int, _ steps: [Int]) {
        guard index < count - 1 else {
            let weights = (steps + [left]).map { Double($0) / Double(mixSteps) }
            var worst = (ratio: 0.0, row: 0)
            for row in rows {
                let mixed = zip(weights, chances[row]).map(*).reduce(0, +)
                let ratio = mixed == 0 ? Double.infinity : best[row] / mixed
                if ratio > worst.ratio { worst = (ratio, row) }
            }
            if worst.ratio < found.ratio { found = (weights, worst.ratio, worst.row) }
            return
        }
        for step in 0...left { share(index + 1, left - step, steps + [step]) }
    }
    share(0, mixSteps, [])
    return found
}

/// Whether PCT needed no more runs than random (median and worst) and a median of at most 5.
func meetsTarget(pct: [Int]?, random: [Int]?) -> Bool {
    guard let pct else { return false }
    let median = pct[pct.count / 2]
    guard let random else { return median <= 5 }
    return median <= 5 && median <= random[random.count / 2] && pct.last! <= random.last!
}

/// Prints how many schedules exhaustive exploration visits for small scenarios, and how long it
/// takes: unbounded (up to `budget` runs), and for three tasks also within a preemption bound.
func printExhaustive(budget: Int) async throws {
    let scenarios: [(String, [Int?], @Sendable () async throws -> Int)] = [
        ("2 bees pour with an await inside (yielding jar)", [nil], { await yieldingPours(2) }),
        ("3 bees pour with an await inside (yielding jar)", [nil, 2], { await yieldingPours(3) }),
        ("2 screens, CacheAwaitingDisk (L38 actors Q11)", [nil], { try await askAtOnce(2, .awaitingDiskActor).requests }),
        ("3 screens, CacheAwaitingDisk (L38 actors Q11)", [nil, 2], { try await askAtOnce(3, .awaitingDiskActor).requests }),
        ("2 slow pours at once (Jar.pourSlowly)", [nil], { await slowPours(2) }),
        ("3 slow pours at once (Jar.pourSlowly)", [nil, 3], { await slowPours(3) }),
    ]
    print("")
    print("Exhaustive exploration of small scenarios (depth first over choice points; bound = most preemptions;")
    print("no partial-order reduction: unbounded runs stop at \(grouped(Double(budget))) schedules)")
    print(pad("scenario", 56) + pad("bound", 8) + pad("schedules", 26) + pad("outcomes", 16) + "time")
    for (name, bounds, body) in scenarios {
        for bound in bounds {
            var exploration: Exploration<Int>? = nil
            let time = try await seconds {
                exploration = try await explore("outcome", seeds: budget, strategy: .exhaustive(preemptionBound: bound), body)
            }
            let found = exploration!
            let schedules = grouped(Double(found.runs.count))
                + (found.exhausted ? (found.bounded ? " (all within bound)" : " (all)") : " (stopped: not all)")
            let outcomes = Set(found.outcomes).sorted().map(String.init).joined(separator: ", ")
            print(pad(name, 56) + pad(bound.map(String.init) ?? "none", 8) + pad(schedules, 26) + pad(outcomes, 16)
                  + String(format: "%.3f s", time))
        }
    }
}

/// `n` slow pours at once into one jar (each reads, sleeps 10 ms, writes).
@Sendable func slowPours(_ n: Int) async -> Int {
    let jar = Jar()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<n { group.addTask { await jar.pourSlowly() } }
    }
    return await jar.drops
}

/// One task yields `yields` times and then sets a flag; another reads it once: 1 if it saw the flag
/// set. The bug (seeing it set) needs one task to run whole before the other starts — a deep
/// ordering that a random walk rarely takes and PCT's priorities take half the time.
@Sendable func lateFlag(yields: Int) async -> Int {
    let flag = Flag()
    return await withTaskGroup(of: Int.self) { group in
        group.addTask {
            for _ in 0..<yields { await Task.yield() }
            await flag.set()
            return 0
        }
        group.addTask { await flag.isSet ? 1 : 0 }
        return await group.reduce(0, +)
    }
}

/// One task yields `before` times, raises a flag, yields `during` times and lowers it; another reads it once: 1 if
/// it saw the flag up. The bug needs the reader to come in the middle of the other's run: two ordering constraints
/// (after the raise, before the lowering), which PCT at depth 2 takes with one change point and a random walk only
/// by chance at each of the first `before` choices.
@Sendable func flagWindow(before: Int, during: Int) async -> Int {
    let flag = Flag()
    return await withTaskGroup(of: Int.self) { group in
        group.addTask {
            for _ in 0..<before { await Task.yield() }
            await flag.set()
            for _ in 0..<during { await Task.yield() }
            await flag.lower()
            return 0
        }
        group.addTask { await flag.isSet ? 1 : 0 }
        return await group.reduce(0, +)
    }
}

/// A flag behind an actor.
actor Flag {
    /// Whether it was set.
    private(set) var isSet = false
    /// Sets it.
    func set() { isSet = true }
    /// Lowers it.
    func lower() { isSet = false }
}

