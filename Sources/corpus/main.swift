import ConcurrencyProofsCorpusPrograms
import Foundation

// `swift run corpus`: the differential corpus — ordinary concurrency programs, each with the outcomes the language
// allows — run on the real runtime, or tabled against the harness.
//
//   swift run corpus --list                  every program: its name, its allowed outcomes, why
//   swift run corpus --runtime 200           each program 200 times on the real runtime, no harness at all; exits 1
//                                            if any run gives an outcome outside its set (the set is wrong) or hangs
//   swift run corpus --table                 the table: allowed | real runtime | strict ×20 | seeded | PCT | reruns
//   swift run corpus --table --runs 200 --seeds 500
//   swift run corpus --runtime 50 debounce   only the programs named
//   swift run corpus --limit 10 …            a real run's time limit in seconds (default 10): a hung run fails by name
//
// A program that may deadlock (`Program.deadlock` in its set) is run in child processes of this command
// (`corpus --trials N NAME`): a deadlock holds threads of the pool for good.
//
// This command never links the harness: linking it sets the process's default executor as it loads. `--table` runs
// the harness's trials in `corpus-harness`, a child process built beside this one.

/// Writes a line to standard error.
func complain(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

/// The usage text.
let usage = """
    usage: swift run corpus --list | --runtime N | --table [--runs N] [--seeds N] [--limit SECONDS] [NAME…]

      --list          every program: its name, the outcomes the language allows, and why
      --runtime N     runs each program N times on the real runtime (no harness: plain tasks on the global pool, the
                      real main actor, real time); exits 1 if a run gives an outcome outside its set, or hangs
      --table         prints the table: allowed | real runtime | strict ×20 | seeded | PCT | same seed twice
                      (the harness's columns come from corpus-harness, built beside this binary by swift build)
      --runs N        real-runtime runs per program for --table (default 200)
      --seeds N       seeds per program for --table, seeded and PCT each, and the seeded ones again (default 500)
      --limit SECONDS a real run's time limit (default 10): a run past it is reported as hung, by name
      NAME…           only these programs (see --list)
      --trials N NAME what --runtime and --table start for a program that may deadlock: N runs of NAME in this
                      process, one JSON line each as it ends; the process ends at the first deadlock or hung run
      --help          this text
    Exit status: 0 all agree (or a table printed), 1 a real run outside its set or hung, 2 a bad argument.
    """

/// What the command was asked to do.
enum Mode { case list, runtime(Int), table, trials(Int) }

/// Reads a whole number in `range` given to `option`, or ends the process naming the bad value.
func number(_ text: String?, for option: String, in range: ClosedRange<Int>) -> Int {
    guard let text, let value = Int(text), range.contains(value) else {
        complain("corpus: \(option) takes a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text ?? "")'")
        exit(2)
    }
    return value
}

var mode: Mode?
var runs = 200
var seeds = 500
var limit = 10
var names: [String] = []
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print(usage)
        exit(0)
    case "--list": mode = .list
    case "--runtime": mode = .runtime(number(arguments.popFirst(), for: "--runtime", in: 1...100_000))
    case "--table": mode = .table
    case "--trials": mode = .trials(number(arguments.popFirst(), for: "--trials", in: 1...100_000))
    case "--runs": runs = number(arguments.popFirst(), for: "--runs", in: 1...100_000)
    case "--seeds": seeds = number(arguments.popFirst(), for: "--seeds", in: 1...100_000)
    case "--limit": limit = number(arguments.popFirst(), for: "--limit", in: 1...3_600)
    case let option where option.hasPrefix("-"):
        complain("corpus: unknown option '\(option)' (see swift run corpus --help)")
        exit(2)
    default:
        guard Corpus.program(named: argument) != nil else {
            complain("corpus: no program named '\(argument)' in the corpus (swift run corpus --list names them)")
            exit(2)
        }
        names.append(argument)
    }
}
guard let mode else {
    complain("corpus: say what to do: --list, --runtime N or --table (see swift run corpus --help)")
    exit(2)
}
let programs = names.isEmpty ? Corpus.programs : Corpus.programs.filter { names.contains($0.name) }

switch mode {
case .list:
    for program in programs {
        print("\(program.name): \(program.allowedDescription)\n    \(program.summary)\n    because \(program.because)")
    }
case .runtime(let times):
    var wrong = 0
    for program in programs {
        let tally = await runtimeTally(program, times: times, limit: .seconds(limit))
        print(RuntimeLine(tally).text)
        if !tally.agrees { wrong += 1 }
    }
    print("corpus: \(programs.count - wrong) of \(programs.count) programs gave only allowed outcomes in \(times) real runs each")
    exit(wrong == 0 ? 0 : 1)
case .table:
    // The harness's trials run in a child process, which must be built beside this one.
    let harness = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("corpus-harness")
    guard FileManager.default.isExecutableFile(atPath: harness.path) else {
        complain("corpus: --table needs corpus-harness beside this binary, at \(harness.path): build it with " +
                 "swift build --product corpus-harness")
        exit(2)
    }
    var tallies: [RuntimeTally] = []
    for program in programs {
        complain("corpus: \(program.name) on the real runtime, \(runs) runs")
        tallies.append(await runtimeTally(program, times: runs, limit: .seconds(limit)))
    }
    let observed: [HarnessTally]
    do {
        observed = try harnessTallies(harness, seeds: seeds, programs: programs)
    } catch {
        complain("corpus: \(error)")
        exit(2)
    }
    print(Table(tallies: tallies, harness: observed, runs: runs, seeds: seeds).markdown)
case .trials(let times):
    guard programs.count == 1, let program = programs.first else {
        complain("corpus: --trials runs one program: name it once (swift run corpus --list names them)")
        exit(2)
    }
    // On a thread of its own, which ends the process: a deadlock may hold every thread of the pool, and the pool's
    // threads drain the main queue this code would otherwise wait on. This task only lets go of its thread.
    let seconds = limit
    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in
        Thread.detachNewThread { runTrials(program, times: times, limit: .seconds(seconds)) }
    }
}
