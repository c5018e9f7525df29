import ConcurrencyProofsCorpusCheck
import ConcurrencyProofsCorpusPrograms
import Foundation
import ConcurrencyHarness

// `corpus-harness`: the harness's side of `corpus --table`, a process of its own because linking the harness changes
// the process's default executor (it forwards what no run made, but the real-runtime column must owe it nothing).
//
//   corpus-harness --seeds 500 NAME…   runs each program under strict ×20, 500 seeds seeded, the same seeds again,
//                                      and 500 PCT seeds, with default RunOptions, in two passes back to back (the
//                                      second meets what the first left); one JSON line (HarnessTally) each, written
//                                      as soon as the program is done, so that a crash loses only the program it was in
//   corpus-harness --passes 1 …         one pass only
//
// Exit status: 0 done, 2 a bad argument or setting.

/// Writes a line to standard error.
func complain(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

var seeds = 500
var passes = 2
var programs: [Program] = []
var arguments = Array(CommandLine.arguments.dropFirst())[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--help", "-h":
        print("usage: corpus-harness [--seeds N] [--passes N] [NAME…]   (what `swift run corpus --table` starts; one JSON line a program)")
        exit(0)
    case "--passes":
        guard let text = arguments.popFirst(), let value = Int(text), (1...10).contains(value) else {
            complain("corpus-harness: --passes takes a whole number from 1 to 10")
            exit(2)
        }
        passes = value
    case "--seeds":
        guard let text = arguments.popFirst(), let value = Int(text), (1...100_000).contains(value) else {
            complain("corpus-harness: --seeds takes a whole number from 1 to 100000")
            exit(2)
        }
        seeds = value
    default:
        guard let program = Corpus.program(named: argument) else {
            complain("corpus-harness: no program named '\(argument)' in the corpus (swift run corpus --list names them)")
            exit(2)
        }
        programs.append(program)
    }
}
if programs.isEmpty { programs = Corpus.programs }

let encoder = JSONEncoder()
encoder.outputFormatting = .sortedKeys
for program in programs {
    let start = ContinuousClock.now
    do {
        let tally = try await HarnessObservation.observe(program, seeds: seeds, passes: passes).tally
        // Unbuffered: if the next program crashes the process, this line is already out.
        FileHandle.standardOutput.write(try encoder.encode(tally) + Data("\n".utf8))
        // Real seconds, to size the test's seed counts by; never a verdict.
        complain("corpus-harness: \(program.name): \(passes) × (strict ×20, \(seeds) seeds seeded, again, and PCT) in " +
                 "\(start.duration(to: .now).formatted(.units(allowed: [.seconds], fractionalPart: .show(length: 2))))")
    } catch {
        complain("corpus-harness: \(error)")
        exit(2)
    }
}
