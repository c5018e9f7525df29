// `swift run -c release bench`: what the harness costs, measured side by side with the real
// executor in one run, on the same workloads. The machine is shared and noisy: read the ratios.
// `--quick`: fewer runs and rounds; `--time-to-bug`: only the time-to-bug tables (they count runs, not seconds).
import Foundation
import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// A counter actor: the target of the hop workload.
actor Counter {
    /// How many bumps arrived.
    private(set) var count = 0
    /// One bump.
    func bump() { count += 1 }
}

/// 100 000 actor hops: ten tasks, each calling one shared actor 10 000 times and stepping off it between calls (an
/// opaque nonisolated function), so that each call is a hop onto the actor and one off it in a release build too —
/// without the step the optimizer merges a loop's hops into one in and one out (README, "Which actor hops are jobs").
@Sendable func actorHops() async -> Int {
    let counter = Counter()
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<10 {
            group.addTask {
                for _ in 0..<10_000 {
                    await counter.bump()
                    await offTheActor()
                }
            }
        }
    }
    return await counter.count
}

/// Nothing, off any actor, where the optimizer cannot see it: the hop back that a caller on an actor must make.
@concurrent @inline(never) @_optimize(none) func offTheActor() async {}

/// 100 000 yields: ten tasks, each giving way 10 000 times, so every yield is a job through the
/// executor (on the harness thread or the real pool).
@Sendable func yields() async -> Int {
    await withTaskGroup(of: Void.self) { group in
        for _ in 0..<10 {
            group.addTask {
                for _ in 0..<10_000 { await Task.yield() }
            }
        }
    }
    return 100_000
}

/// 100 slow pours at once into one jar (each reads, sleeps 10 ms, writes): lesson 37's lossy pour.
@Sendable func slowPours() async -> Int {
    await slowPours(100)
}

/// One hundred 10 ms sleeps, one after another: a second of real time, nothing of virtual time.
@Sendable func hundredSleeps() async -> Int {
    for _ in 0..<100 { try? await Task.sleep(for: .milliseconds(10)) }
    return 100
}

/// A run of one job: the scenario returns at once. What a thousand of them take is what a run costs beyond its jobs
/// (its executor, its thread, its watchdog entry, its record).
@Sendable func oneJob() async -> Int { 1 }

/// A million sections of one NSLock the code made, in one job: under a seeded run each lock is a counted lock with
/// nothing else ready, the cost of a lock that does not switch.
@Sendable func lockSections() async -> Int {
    let lock = NSLock()
    var total = 0
    for index in 0..<1_000_000 { lock.withLock { total &+= index } }
    return total == 0 ? 0 : 1_000_000
}

/// Real seconds taken by `work`.
func seconds(_ work: () async throws -> Void) async rethrows -> Double {
    let start = ContinuousClock.now
    try await work()
    let elapsed = start.duration(to: .now).components
    return Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18
}

/// Runs `body` `times` times under `schedule` (seeds 0, 1, 2… for seeded), returning the jobs run.
func repeated(_ times: Int, seeded: Bool, _ body: @escaping @Sendable () async -> Int) async throws -> Int {
    var jobs = 0
    for index in 0..<times {
        let run = try await run(seeded ? .seeded(UInt64(index)) : .system, body)
        jobs += run.jobs
    }
    return jobs
}

/// `text` with spaces after it, to `width` characters.
func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// `1 234 567`: big numbers a reader can take in at a glance.
func grouped(_ value: Double) -> String {
    let digits = String(Int(value.rounded()))
    var out = ""
    for (index, char) in digits.reversed().enumerated() {
        if index > 0, index % 3 == 0 { out.append(" ") }
        out.append(char)
    }
    return String(out.reversed())
}

// The harness only throws on a bad HARNESS_* value; an executable decides to stop, once, before measuring anything.
if let error = Plan.environmentError {
    FileHandle.standardError.write(Data("bench: \(error)\n".utf8))
    exit(2)
}
// `--only yields`: the yields workload once under seed 0, then once on the bare executor, and nothing else — for an
// instruction counter (`valgrind --tool=callgrind --separate-threads=yes`), which counts each executor's thread apart.
let onlyYields = Array(CommandLine.arguments.dropFirst()) == ["--only", "yields"]
for argument in CommandLine.arguments.dropFirst() where !onlyYields && !["--quick", "--time-to-bug"].contains(argument) {
    FileHandle.standardError.write(Data("bench: unknown argument '\(argument)' (it takes --quick, --time-to-bug and --only yields)\n".utf8))
    exit(2)
}
if onlyYields {
    let seeded = try await run(.seeded(0), yields)
    let bareJobs = await runBare(yields)
    print("yields: \(seeded.jobs) jobs seeded (schedule hash \(seeded.scheduleHash)), \(bareJobs) jobs bare")
    exit(0)
}
let quick = CommandLine.arguments.contains("--quick")
let pourRuns = quick ? 50 : 1_000
let rounds = quick ? 1 : 3
/// The time-to-bug tables' starting seeds, and the runs each chance is counted over.
let (timeToBugStarts, chanceRuns) = quick ? (5, 200) : (20, 1_000)
/// Rounds of the step workloads, whose ratio to the bare executor is a target: short runs, so many of them.
let stepRounds = quick ? 3 : 11
print("bench: Swift concurrency harness vs the system executor (\(ProcessInfo.processInfo.activeProcessorCount) cores)")
print("each figure is the median of \(rounds) rounds (\(stepRounds) for the cost of one step), the columns measured alternately in one")
print("process")
print("")

/// The median of `values`.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Median real seconds of `times` runs of `body` under seeds, on the bare one-thread executor (if `bare`) and on the
/// system executor, alternating, plus the jobs the harness and the bare executor ran for one round, and the median of
/// each round's seeded ÷ bare time. The ratio is taken within a round, from two runs a few milliseconds apart: this
/// machine's speed drifts by half from one second to the next (a virtual machine's neighbours), and a ratio of two
/// medians taken at different moments drifts with it. The step workloads run `stepRounds` rounds, the order of the
/// seeded and bare runs swapped every other round.
func measure(_ times: Int, bare: Bool = false, rounds: Int = rounds, _ body: @escaping @Sendable () async -> Int) async throws
    -> (seeded: Double, bare: Double, system: Double, jobs: Int, bareJobs: Int, seededPerBare: Double)
{
    var seededTimes: [Double] = [], bareTimes: [Double] = [], systemTimes: [Double] = [], ratios: [Double] = []
    var jobs = 0, bareJobs = 0
    for round in 0..<rounds {
        let seededRun = { try await seconds { jobs = try await repeated(times, seeded: true, body) } }
        let bareRun = { await seconds { bareJobs = 0; for _ in 0..<times { bareJobs += await runBare(body) } } }
        if bare, round % 2 == 1 {
            bareTimes.append(await bareRun())
            seededTimes.append(try await seededRun())
        } else {
            seededTimes.append(try await seededRun())
            if bare { bareTimes.append(await bareRun()) }
        }
        if bare { ratios.append(seededTimes.last! / bareTimes.last!) }
        systemTimes.append(try await seconds { _ = try await repeated(times, seeded: false, body) })
    }
    return (median(seededTimes), bare ? median(bareTimes) : 0, median(systemTimes), jobs, bareJobs,
            bare ? median(ratios) : 0)
}

if CommandLine.arguments.contains("--time-to-bug") {
    try await printTimeToBug(starts: timeToBugStarts, chanceRuns: chanceRuns)
    exit(0)
}

let hops = try await measure(1, bare: true, rounds: stepRounds, actorHops)
let yielded = try await measure(1, bare: true, rounds: stepRounds, yields)
let shortRunCount = quick ? 200 : 1_000
let shortRuns = try await measure(shortRunCount, bare: true, rounds: stepRounds, oneJob)
let pours = try await measure(pourRuns, slowPours)
let sleeps = try await measure(1, hundredSleeps)

/// `1.23 µs/hop`: the cost of one of `count` things done in `seconds`.
func per(_ seconds: Double, _ count: Int, _ unit: String) -> String {
    String(format: "%.2f µs/%@", seconds / Double(max(count, 1)) * 1e6, unit)
}

print("The cost of one step: under the seeded harness, on a bare one-thread executor running the same jobs first in")
print("first out (the floor for any one-thread executor: the runtime's own cost), and on the system executor (2")
print("threads). This machine's speed drifts from one second to the next, so harness ÷ bare is the median of each round's")
print("ratio of two runs made a moment apart; the system's cost also swings with how its two threads are scheduled.")
let stepWidths = [44, 16, 16, 16, 16]
print(pad("workload", stepWidths[0]) + pad("seeded harness", stepWidths[1]) + pad("bare 1 thread", stepWidths[2])
      + pad("system", stepWidths[3]) + pad("harness ÷ bare", stepWidths[4]) + "harness ÷ system")
// A hop onto an idle actor and off it is switched inline, without a job, wherever nothing else holds the actor (one
// thread: always, unless a debug build's hops contend): the hop row is per hop; the yield row per job, each a job; the
// short runs per run, a thread made for each on the bare executor, kept between runs by the harness.
for (name, row, count, unit) in [("100 000 actor hops (10 tasks × 10 000)", hops, 100_000, "hop"),
                                  ("100 000 yields (10 tasks × 10 000)", yielded, yielded.bareJobs, "job"),
                                  ("\(grouped(Double(shortRunCount))) short runs (one job each)", shortRuns,
                                   shortRunCount, "run")] {
    let seededCount = unit == "job" ? row.jobs : count
    print(pad(name, stepWidths[0]) + pad(per(row.seeded, seededCount, unit), stepWidths[1])
          + pad(per(row.bare, count, unit), stepWidths[2]) + pad(per(row.system, count, unit), stepWidths[3])
          + pad(String(format: "%.2f×", row.seededPerBare * Double(count) / Double(seededCount)), stepWidths[4])
          + String(format: "%.2f×", (row.seeded / Double(seededCount)) / (row.system / Double(count))))
}
print("")
let rows: [(String, String, String, String)] = [
    ("\(grouped(Double(pourRuns))) × 100 slow pours (10 ms each)",
     "\(grouped(Double(pours.jobs) / pours.seeded)) jobs/s, \(String(format: "%.3f", pours.seeded)) s",
     String(format: "%.3f s", pours.system),
     String(format: "%.0f× faster under virtual time", pours.system / pours.seeded)),
    ("100 × 10 ms sleeps in sequence",
     String(format: "%.4f s", sleeps.seeded),
     String(format: "%.4f s", sleeps.system),
     String(format: "%.0f× faster under virtual time", sleeps.system / sleeps.seeded)),
]
let widths = [44, 34, 26]
print(pad("workload", widths[0]) + pad("seeded harness", widths[1]) + pad("system executor", widths[2]) + "ratio")
for row in rows {
    print(pad(row.0, widths[0]) + pad(row.1, widths[1]) + pad(row.2, widths[2]) + row.3)
}
// The lock row: the same million sections in a seeded run's job and outside any run, alternately, in this process.
var lockInRun: [Double] = [], lockOutside: [Double] = []
for _ in 0..<stepRounds {
    lockInRun.append(try await seconds { _ = try await run(.seeded(0), lockSections) })
    lockOutside.append(await seconds { _ = await lockSections() })
}
print("")
print(pad("workload", widths[0]) + pad("seeded harness", widths[1]) + pad("outside any run", widths[2]) + "difference")
print(pad("1 000 000 NSLock sections, nothing else ready", widths[0])
      + pad(String(format: "%.0f ns/section", median(lockInRun) * 1e3), widths[1])
      + pad(String(format: "%.0f ns/section", median(lockOutside) * 1e3), widths[2])
      + String(format: "%.0f ns a lock (target: < 200 ns)", (median(lockInRun) - median(lockOutside)) * 1e3))
print("")
print("The harness ran \(hops.jobs) jobs for the 100 000 hops (the bare executor \(hops.bareJobs): the rest were switched")
print("inline), \(yielded.jobs) for the yields (bare: \(yielded.bareJobs)) and \(pours.jobs) for the pours. Targets: ≤ 2× the bare")
print("executor's cost per step; ≥ 100× faster on sleep-heavy scenarios.")

try await printTimeToBug(starts: timeToBugStarts, chanceRuns: chanceRuns)
try await printExhaustive(budget: quick ? 2_000 : 20_000)
