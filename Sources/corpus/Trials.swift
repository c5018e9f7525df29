import ConcurrencyProofsCorpusPrograms
import Foundation

/// Runs `program` `times` times on the real runtime, each run within `limit`: in this process, or, for a program
/// that may deadlock, in child processes of this command (`corpus --trials`), one after another. A deadlock holds
/// threads of the pool for good, so every later run of its process would starve: the child that saw it says so and
/// ends, and a new child makes the runs that are left.
func runtimeTally(_ program: Program, times: Int, limit: Duration) async -> RuntimeTally {
    guard program.mayDeadlock else { return await program.runOnRuntime(times: times, limit: limit) }
    var tally = RuntimeTally(program: program)
    while tally.runs < times && tally.hung == 0 {
        let asked = times - tally.runs
        let (runs, ending) = trialsChild(program, times: asked, limit: limit)
        for run in runs {
            if let run { tally.count(run) } else { tally.hung += 1 }
        }
        // Only a deadlock ends a child early and lets another go on; anything else is a run that never answered.
        if tally.runs < times && tally.hung == 0 && runs.last??.outcome != Program.deadlock {
            complain("corpus: the child running \(program.name) ended (\(ending)) after \(runs.count) of \(asked) runs, "
                     + "without a deadlock")
            tally.hung += 1
        }
    }
    return tally
}

/// `corpus --trials N NAME`, in the child: runs `program` up to `times` times (`Program.runWatched`), writing one JSON
/// line per run as it ends (`RuntimeRun`, or `null` for a run past its limit), and ends the process at the first
/// deadlock or hang. Call it on a thread of its own, never the pool's: it waits for each run there.
func runTrials(_ program: Program, times: Int, limit: Duration) -> Never {
    let encoder = JSONEncoder()
    for _ in 0..<times {
        let run = program.runWatched(limit: limit)
        // Unbuffered, and before anything that might not return.
        let line = run.flatMap { try? encoder.encode($0) } ?? Data("null".utf8)
        FileHandle.standardOutput.write(line + Data("\n".utf8))
        // The threads of a deadlock, or of a hung run, stay blocked: no exit handler may wait for them.
        if run == nil || run?.outcome == Program.deadlock { _exit(0) }
    }
    exit(0)
}

/// Runs `corpus --trials` for `program` once: the runs it answered for (nil: past its limit), and how it ended.
func trialsChild(_ program: Program, times: Int, limit: Duration) -> ([RuntimeRun?], String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    process.arguments = ["--trials", "\(times)", "--limit", "\(limit.components.seconds)", program.name]
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        return ([], "could not start: \(error)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    // `null`, or a line that does not decode, is no answer: counted as a run that never answered.
    let runs = String(decoding: data, as: UTF8.self).split(separator: "\n").map {
        try? JSONDecoder().decode(RuntimeRun.self, from: Data($0.utf8))
    }
    let ending = process.terminationReason == .uncaughtSignal ? "signal \(process.terminationStatus)"
                                                              : "exit status \(process.terminationStatus)"
    return (runs, ending)
}
