// The bench's second part: how many runs each strategy needs before a bug shows, and how many
// schedules exhaustive exploration visits. The breakages patch the subjects, which the bench
// cannot do; so each bug is written here in the breakage's shape, and the table says so.
import Foundation
import Harness
import Scenarios
import Subjects

/// A cache actor that looks for an answer, awaits, and only then stores the question: the shape of
/// `weather-actor-cache-awaits-before-storing`.
actor AwaitingCache {
    /// The questions asked so far, by city.
    private var questions: [String: Task<Int, Never>] = [:]
    /// Requests made to the service.
    private(set) var requests = 0
    /// The answer for `city`, asking the service only if nobody asked before.
    func weather(in city: String) async -> Int {
        if let asked = questions[city] { return await asked.value }
        await Task.yield() // the breakage's await between the check and the store
        requests += 1
        let question = Task { 21 }
        questions[city] = question
        return await question.value
    }
}

/// `askers` tasks ask one awaiting cache for one city at once; the requests it made.
@Sendable func askersAtOnce(_ askers: Int) async -> Int {
    let cache = AwaitingCache()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<askers { group.addTask { _ = await cache.weather(in: "Oslo") } }
    }
    return await cache.requests
}

/// One bug for the time-to-bug table: the scenario and what a failing outcome looks like.
struct BugShape {
    /// The breakage whose shape it is, and the size.
    var name: String
    /// The scenario.
    var body: @Sendable () async -> Int
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

/// `median / worst` of the runs to the first failure over `starts` starting points.
func timeToBug(_ shape: BugShape, starts: Int, limit: Int, _ schedule: @escaping (UInt64) -> Schedule) async throws -> String {
    var counts: [Int] = []
    for start in 0..<starts {
        guard let count = try await runsToFirstFailure(shape, from: UInt64(start) * 1_000_000, limit: limit, schedule)
        else { return "none in \(limit)" }
        counts.append(count)
    }
    counts.sort()
    return "\(counts[counts.count / 2]) / \(counts.last!)"
}

/// Prints the time-to-bug table: runs until the first failure, median and worst over `starts`
/// starting points, under random and PCT.
func printTimeToBug(starts: Int) async throws {
    let shapes = [
        BugShape(name: "pour-awaits-between-read-and-write, 2 bees", body: { await yieldingPours(2) }, fails: { $0 != 4 }),
        BugShape(name: "pour-awaits-between-read-and-write, 10 bees", body: { await yieldingPours(10) }, fails: { $0 != 20 }),
        BugShape(name: "weather-actor-cache-awaits-before-storing, 2 askers", body: { await askersAtOnce(2) }, fails: { $0 > 1 }),
        BugShape(name: "weather-actor-cache-awaits-before-storing, 10 askers", body: { await askersAtOnce(10) }, fails: { $0 > 1 }),
        BugShape(name: "(not a breakage) flag set after 10 yields, read at once", body: { await lateFlag(yields: 10) },
                 fails: { $0 == 1 }),
    ]
    print("")
    print("Time to bug: runs until the first failing run, median / worst over \(starts) starting seeds")
    print("(each bug is written in the bench in its breakage's shape; PCT's horizon is the calm run's choices)")
    print(pad("bug (breakage shape)", 56) + pad("random", 14) + pad("pct depth 1", 14) + pad("pct depth 2", 14) + "pct depth 3")
    for shape in shapes {
        let horizon = try await run(.replay(Interleaving([])), shape.body).choices.count
        let random = try await timeToBug(shape, starts: starts, limit: 1_000) { .seeded($0) }
        var row = pad(shape.name, 56) + pad(random, 14)
        for depth in 1...3 {
            let pct = try await timeToBug(shape, starts: starts, limit: 1_000) { .pct(seed: $0, depth: depth, horizon: horizon) }
            row += depth < 3 ? pad(pct, 14) : pct
        }
        print(row)
    }
}

/// Prints how many schedules exhaustive exploration visits for small scenarios, and how long it takes.
func printExhaustive() async throws {
    let scenarios: [(String, Int?, @Sendable () async -> Int)] = [
        ("2 bees pour with an await inside (yielding jar)", nil, { await yieldingPours(2) }),
        ("3 bees pour with an await inside (yielding jar)", 2, { await yieldingPours(3) }),
        ("2 askers, cache awaiting before it stores", 3, { await askersAtOnce(2) }),
        ("3 askers, cache awaiting before it stores", 2, { await askersAtOnce(3) }),
        ("2 slow pours at once (Jar.pourSlowly)", nil, { await slowPours(2) }),
        ("3 slow pours at once (Jar.pourSlowly)", 3, { await slowPours(3) }),
    ]
    print("")
    print("Exhaustive exploration of small scenarios (depth first over choice points; bound = most preemptions)")
    print(pad("scenario", 56) + pad("bound", 8) + pad("schedules", 24) + pad("outcomes", 16) + "time")
    for (name, bound, body) in scenarios {
        var exploration: Exploration<Int>? = nil
        let time = try await seconds {
            exploration = try await explore("outcome", seeds: 100_000, strategy: .exhaustive(preemptionBound: bound), body)
        }
        let found = exploration!
        let schedules = "\(found.runs.count)" + (found.exhausted ? (found.bounded ? " (all within bound)" : " (all)") : " (stopped)")
        let outcomes = Set(found.outcomes).sorted().map(String.init).joined(separator: ", ")
        print(pad(name, 56) + pad(bound.map(String.init) ?? "none", 8) + pad(schedules, 24) + pad(outcomes, 16)
              + String(format: "%.3f s", time))
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

/// A flag behind an actor.
actor Flag {
    /// Whether it was set.
    private(set) var isSet = false
    /// Sets it.
    func set() { isSet = true }
}
