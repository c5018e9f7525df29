import Foundation
import ConcurrencyProofsCorpusPrograms

/// One program's line of `--runtime`: `✓ debounce: "[2]" 200` or `✗ …`, with the set and its argument when wrong.
struct RuntimeLine {
    /// The line.
    let text: String

    /// The line for `tally`.
    init(_ tally: RuntimeTally) {
        let program = tally.program
        var text = "\(tally.agrees ? "✓" : "✗") \(program.name): "
        if !tally.outcomes.isEmpty { text += counts(tally.outcomes, allowed: program.allowed) + " · " }
        if tally.hung > 0 { text += "hung: no outcome within the time limit (run \(tally.runs))" }
        if text.hasSuffix(" · ") { text.removeLast(3) }
        if let cycle = tally.deadlock {
            text += "\n    first deadlock: \(cycle)"
        }
        if !tally.disallowed.isEmpty {
            text += "\n    outside the allowed set \(program.allowedDescription) (because \(program.because)): the set is wrong"
        }
        self.text = text
    }
}

/// `"[2]" 40 · ✗ "[1, 2]" 290 · ✗ deadlock 7`: outcomes quoted, failures bare, most frequent first, each outcome
/// outside `allowed` and every failure marked.
func counts(_ counts: [String: Int], failures: [String: Int] = [:], allowed: Set<String>) -> String {
    let items = counts.map { (text: "\(allowed.contains($0.key) ? "" : "✗ ")\"\($0.key)\"", count: $0.value) }
        + failures.map { (text: "✗ \($0.key)", count: $0.value) }
    guard !items.isEmpty else { return "—" }
    return items.sorted { $0.count != $1.count ? $0.count > $1.count : $0.text < $1.text }
        .map { "\($0.text) \($0.count)" }
        .joined(separator: " · ")
}

/// The corpus table: per program, its allowed set, what the real runtime gave, and what each harness trial gave.
struct Table {
    /// The real-runtime tallies, one per program.
    let tallies: [RuntimeTally]
    /// The harness's tallies, in the same order.
    let harness: [HarnessTally]
    /// Real runs per program.
    let runs: Int
    /// Seeds per trial.
    let seeds: Int

    /// The table in Markdown, with a line of totals under it and the known false verdicts after it.
    var markdown: String {
        let passes = harness.map(\.passes).max() ?? 1
        let times = passes > 1 ? " ×\(passes) passes" : ""
        var lines = [
            "| program | allowed (late: only when a timer or thread runs late) | real runtime (\(runs) runs) | strict ×20\(times) | seeded (\(seeds) seeds\(times)) | PCT (\(seeds) seeds\(times)) | same seed twice: differed |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        var agreeing = 0
        var known: [(name: String, verdict: KnownFalseVerdict, seen: Bool)] = []
        for (tally, observed) in zip(tallies, harness) {
            let program = tally.program
            if tally.agrees && observed.findings.isEmpty { agreeing += 1 }
            if let verdict = KnownFalseVerdict.all[program.name] {
                known.append((program.name, verdict, !observed.findings.isEmpty))
            }
            lines.append("| \(program.name)\(KnownFalseVerdict.all[program.name] == nil ? "" : " (known)") | \(program.allowedDescription) | \(RuntimeCell(tally).text) | "
                + cell(observed.trials["strict"], allowed: program.allowed) + " | "
                + cell(observed.trials["seeded"], allowed: program.onTime) + " | "
                + cell(observed.trials["PCT"], allowed: program.onTime) + " | "
                + (observed.rerunDiffered == 0 ? "" : "✗ ") + "\(observed.rerunDiffered) of \(observed.rerunSeeds) |")
        }
        lines.append("")
        lines.append("\(agreeing) of \(tallies.count) programs: the real runtime inside the allowed set, and no false verdict "
            + "of the harness on any trial.")
        let unexplored = harness.filter { $0.notExplored != nil }
        if !unexplored.isEmpty {
            lines.append("")
            lines.append("Sections the seeded and PCT trials did not explore:")
            lines.append("")
            for tally in unexplored { lines.append("- `\(tally.name)`: \(tally.notExplored!).") }
        }
        if !known.isEmpty {
            lines.append("")
            lines.append("Known false verdicts (`KnownFalseVerdict.all`), \(known.filter(\.seen).count) of \(known.count) seen in this table:")
            lines.append("")
            for entry in known {
                lines.append("- `\(entry.name)`\(entry.seen ? "" : " (not seen this time)"): \(entry.verdict.description).")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// A trial's cell: its outcomes and failures with counts, those outside `allowed` marked.
    func cell(_ counts: HarnessTally.Counts?, allowed: Set<String>) -> String {
        guard let counts else { return "—" }
        return ConcurrencyProofsCorpusTable.counts(counts.outcomes, failures: counts.failures, allowed: allowed)
            .replacingOccurrences(of: "|", with: "\\|")
    }
}

/// Runs `harness` (corpus-harness) for `programs` and reads its tallies, one JSON line each. A child that crashes
/// costs only the program it was in: that program gets a tally of the crash, and a new child goes on with the rest.
func harnessTallies(_ harness: URL, seeds: Int, programs: [Program]) throws -> [HarnessTally] {
    var tallies: [HarnessTally] = []
    var remaining = programs[...]
    while !remaining.isEmpty {
        let (answered, ending) = try harnessChild(harness, seeds: seeds, programs: Array(remaining))
        guard answered.map(\.name) == remaining.prefix(answered.count).map(\.name) else {
            throw CorpusError("corpus-harness answered for \(answered.map(\.name)), not \(remaining.map(\.name))")
        }
        tallies += answered
        remaining = remaining.dropFirst(answered.count)
        switch ending {
        case .exit(0) where remaining.isEmpty:
            break
        case .exit(let status):
            throw CorpusError("corpus-harness exited with status \(status) before answering for \(remaining.map(\.name))")
        case .signal(let signal):
            guard let crashed = remaining.popFirst() else {
                throw CorpusError("corpus-harness was killed by signal \(signal) after answering for every program")
            }
            complain("corpus: \(crashed.name) crashed corpus-harness (signal \(signal)); going on with the rest")
            tallies.append(.crashed(crashed.name, signal: signal))
        }
    }
    return tallies
}

/// How a child process ended.
enum ChildEnding {
    /// It exited with this status.
    case exit(Int32)
    /// A signal ended it.
    case signal(Int32)
}

/// Runs `harness` once for `programs`: the tallies it wrote before it ended, and how it ended.
func harnessChild(_ harness: URL, seeds: Int, programs: [Program]) throws -> ([HarnessTally], ChildEnding) {
    let process = Process()
    process.executableURL = harness
    process.arguments = ["--seeds", "\(seeds)"] + programs.map(\.name)
    // A crash is counted, not explained here: `corpus-harness NAME` alone shows its backtrace.
    process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_BACKTRACE": "enable=no"]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let tallies = try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
        try JSONDecoder().decode(HarnessTally.self, from: Data($0.utf8))
    }
    let ending: ChildEnding = process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus)
                                                                           : .exit(process.terminationStatus)
    return (tallies, ending)
}

extension HarnessTally {
    /// The tally of a program whose run crashed the process: every trial ended by the crash.
    static func crashed(_ name: String, signal: Int32) -> HarnessTally {
        var tally = HarnessTally(name: name)
        var counts = Counts()
        counts.failures["crashed the process (signal \(signal))"] = 1
        for trial in ["strict", "seeded", "PCT"] { tally.trials[trial] = counts }
        tally.findings = ["the process crashed (signal \(signal)) under the harness"]
        return tally
    }
}

/// A failure of the table's child process, in words.
struct CorpusError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
    /// An error saying `description`.
    init(_ description: String) { self.description = description }
}

/// The real-runtime cell: outcomes with counts, and a hang if there was one.
struct RuntimeCell {
    /// The cell's text.
    let text: String

    /// The cell for `tally`.
    init(_ tally: RuntimeTally) {
        var text = tally.outcomes.isEmpty ? "" : counts(tally.outcomes, allowed: tally.program.allowed)
        if tally.hung > 0 { text += (text.isEmpty ? "" : " · ") + "✗ hung" }
        self.text = text
    }
}
