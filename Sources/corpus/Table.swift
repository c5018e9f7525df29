import Foundation
import CorpusPrograms

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

    /// The table in Markdown, with a line of totals under it.
    var markdown: String {
        var lines = [
            "| program | allowed (late: only when a timer or thread runs late) | real runtime (\(runs) runs) | strict ×20 | seeded (\(seeds) seeds) | PCT (\(seeds) seeds) | same seed twice: differed |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        var agreeing = 0
        for (tally, observed) in zip(tallies, harness) {
            let program = tally.program
            if tally.agrees && observed.findings.isEmpty { agreeing += 1 }
            lines.append("| \(program.name) | \(program.allowedDescription) | \(RuntimeCell(tally).text) | "
                + cell(observed.trials["strict"], allowed: program.allowed) + " | "
                + cell(observed.trials["seeded"], allowed: program.onTime) + " | "
                + cell(observed.trials["PCT"], allowed: program.onTime) + " | "
                + (observed.rerunDiffered == 0 ? "" : "✗ ") + "\(observed.rerunDiffered) of \(observed.rerunSeeds) |")
        }
        lines.append("")
        lines.append("\(agreeing) of \(tallies.count) programs: the real runtime inside the allowed set, and no false verdict "
            + "of the harness on any trial.")
        return lines.joined(separator: "\n")
    }

    /// A trial's cell: its outcomes and failures with counts, those outside `allowed` marked.
    func cell(_ counts: HarnessTally.Counts?, allowed: Set<String>) -> String {
        guard let counts else { return "—" }
        return corpus.counts(counts.outcomes, failures: counts.failures, allowed: allowed)
            .replacingOccurrences(of: "|", with: "\\|")
    }
}

/// Runs `harness` (corpus-harness) for `programs` and reads its tallies, one JSON line each.
func harnessTallies(_ harness: URL, seeds: Int, programs: [Program]) throws -> [HarnessTally] {
    let process = Process()
    process.executableURL = harness
    process.arguments = ["--seeds", "\(seeds)"] + programs.map(\.name)
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw CorpusError("corpus-harness exited with status \(process.terminationStatus)")
    }
    let tallies = try String(decoding: data, as: UTF8.self).split(separator: "\n").map {
        try JSONDecoder().decode(HarnessTally.self, from: Data($0.utf8))
    }
    guard tallies.map(\.name) == programs.map(\.name) else {
        throw CorpusError("corpus-harness answered for \(tallies.map(\.name)), not \(programs.map(\.name))")
    }
    return tallies
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
