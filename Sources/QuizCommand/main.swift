import Foundation
import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog

// `swift run quiz`: checks every entry of the quiz bank and prints one line per entry (id, verdict, question),
// the notes, the counts and what to run next.
//
//   swift run quiz                 the report, one line per entry
//   swift run quiz --json          the same as JSON
//   swift run quiz L37-C13 QA-03   only these entries
//   swift run quiz --bank DIR      another bank folder (default: the package's Quiz/)
//   swift run quiz --dry-run …     check the arguments, the settings and the selection; run nothing
//   swift run quiz --verdicts FILE also writes each entry's verdicts to FILE, for comparing two runs
//   swift run quiz --clauses ID    the entry laid out for its audit: its clauses beside its checks, as the bank writes them
//
// Exits non-zero if any entry is contradicted or not covered, or if the bank is malformed.
// `--crash-child <name>` is how the quiz starts itself as a crash check's child process.

/// Writes to standard error.
func complain(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

var arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == CrashValidator.childFlag {
    guard arguments.count == 2 else {
        complain("usage: quiz \(CrashValidator.childFlag) <crash scenario>")
        exit(64)
    }
    await CrashValidator.runChild(arguments[1], catalog: .standard)
}

var json = false
var verbose = false
var dryRun = false
var clauses = false
var directory = BankLocation.directory
var only: [String] = []
var verdictsFile: String?
let usage = """
    usage: swift run quiz [--json] [--verbose] [--clauses] [--dry-run] [--bank DIR] [--verdicts FILE]
                          [SELECTION …]

    Checks the quiz bank's entries on this machine and prints, under a legend of the verdicts, a line
    per entry — its id, its verdict, its question — then the notes (where Linux differs, what was
    adapted, why an entry is skipped or unguarded), each once with the entries it is about, the counts
    and what to run next. Exits 1 if any entry is contradicted or not covered, 64 for a bad argument or
    a bad HARNESS_* setting, 65 for a malformed bank.

    SELECTION (case-insensitive; default: every entry):
      L37-C13       one entry, in full: the question; the answer clause by clause, each with the check
                    that guards it and where that ran (or why none does); each check's code, its
                    expectation, what each run observed, what its control changes and did; the Linux
                    difference
      L37-C13#2     only that entry's second check (1-based), in full
      L38, qa-0     every entry whose id starts so, one line each (add --verbose for the full form)

    OPTIONS:
      --json        the report as JSON: per entry id, verdict, category, question, answer, clauses,
                    checks (kind, verdict, expect, observed per schedule, control {name, verdict, why},
                    differs), and a summary
      --verbose     every selected entry in full
      --clauses     each selected entry laid out for its audit: the answer's clauses, each with the
                    checks that put it at risk (and their verdicts) or why none does, then every check
                    as the bank writes it, with its registration or its snippet (Quiz/README.md)
      --bank DIR    another bank folder (default: the package's Quiz/)
      --dry-run     check the arguments, the HARNESS_* settings, the bank and the selection, run nothing
                    (what scripts/check-docs uses to check the commands the docs show)
      --verdicts FILE
                    also writes the verdicts alone to FILE, one line per entry (`L37-S02 differs:
                    validated`), so that two runs compare line for line: `.ci/run` diffs a debug and a
                    release run's
      --help, -h    this text

    The harness's HARNESS_SEED, HARNESS_SEEDS and HARNESS_ITERATIONS apply to the seeded runs.
    """
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--json":
        json = true
    case "--verbose", "-v":
        verbose = true
    case "--dry-run":
        dryRun = true
    case "--clauses":
        clauses = true
    case "--bank":
        guard let value = arguments.first else {
            complain("quiz: --bank needs a folder")
            exit(64)
        }
        arguments.removeFirst()
        directory = value
    case "--verdicts":
        guard let value = arguments.first, !value.hasPrefix("-") else {
            complain("quiz: --verdicts needs a file to write")
            exit(64)
        }
        arguments.removeFirst()
        // Refused now, not after the whole run (and without writing anything: --dry-run runs nothing): a file that
        // cannot be written, or a folder that cannot take it.
        let folder = URL(fileURLWithPath: value).deletingLastPathComponent().path
        let writable = FileManager.default.fileExists(atPath: value)
            ? FileManager.default.isWritableFile(atPath: value)
            : FileManager.default.isWritableFile(atPath: folder)
        guard writable else {
            complain("quiz: --verdicts: cannot write the file \(value)")
            exit(64)
        }
        verdictsFile = value
    case "--help", "-h":
        print(usage)
        exit(0)
    default:
        guard !argument.hasPrefix("-") else {
            complain("quiz: unknown option \(argument) (try --help)")
            exit(64)
        }
        only.append(argument)
    }
}

if let error = Plan.environmentError {
    complain("quiz: \(error)")
    exit(64)
}

let bank: QuizBank
do {
    bank = try QuizBankLoader.load(directory: directory, catalog: .standard)
} catch {
    complain("quiz: cannot use the bank: \(error)")
    exit(65)
}
/// The entries an argument names, each with the positions (from 0) of the checks it names: one entry (only the check
/// it names after `#`, 1-based), or every entry whose id starts with it, whole; case-insensitive. Empty if it names none.
func selected(_ argument: String) -> [(entry: QuizEntry, checks: Set<Int>)] {
    let parts = argument.uppercased().split(separator: "#", maxSplits: 1).map(String.init)
    guard let name = parts.first else { return [] }
    if let entry = bank.entry(name) {
        guard parts.count == 2 else { return [(entry, Set(entry.checks.indices))] }
        guard let index = Int(parts[1]), entry.checks.indices.contains(index - 1) else { return [] }
        return [(entry, [index - 1])]
    }
    guard parts.count == 1 else { return [] }
    return bank.entries.filter { $0.id.hasPrefix(name) }.map { ($0, Set($0.checks.indices)) }
}
let unknown = only.filter { selected($0).isEmpty }
guard unknown.isEmpty else {
    complain("quiz: no entry (or no such check) \(unknown.joined(separator: ", ")) in the bank (try --help)")
    exit(64)
}
if dryRun {
    let count = only.isEmpty ? bank.entries.count : Set(only.flatMap(selected).map(\.entry.id)).count
    print("quiz: the arguments are good: they select \(count) of \(bank.entries.count) entries (--dry-run: nothing ran)")
    exit(0)
}
// Naming entries one by one asks for them in full; a prefix lists them, unless --verbose.
let full = verbose || (!only.isEmpty && only.allSatisfy { selected($0).count == 1 })

let started = ContinuousClock.now
let runner = QuizRunner(bank: bank, catalog: .standard, crashExecutable: CrashValidator.currentExecutable())
// An entry named twice with checks of its own (`L38-C04#1 L38-C04#2`) runs each named check once, in the bank's order;
// its clauses name them by their places among the checks that run.
var picked: [(id: String, checks: Set<Int>)] = []
for (entry, checks) in only.isEmpty ? bank.entries.map({ ($0, Set($0.checks.indices)) }) : only.flatMap(selected) {
    guard let index = picked.firstIndex(where: { $0.id == entry.id }) else { picked.append((entry.id, checks)); continue }
    picked[index].checks.formUnion(checks)
}
let entries = picked.map { bank.entry($0.id)!.keeping(checks: $0.checks) }
let byId = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
if !json, !full, !clauses { QuizReport.header.forEach { print($0) } }
let view = clauses ? ClauseView(directory: directory, catalog: .standard) : nil
// The full form quotes the code each check ran, from the package's sources (read once, only for it).
let finder = full && !clauses ? CodeFinder(tree: SourceTree(), catalog: .standard, snippets: directory + "/snippets") : nil
let printer = OrderedPrinter(order: entries.map(\.id), render: { result in
    if let view { return view.lines(result, entry: byId[result.id]!).joined(separator: "\n") + "\n" }
    let entry = byId[result.id]!
    return full ? QuizDetail.lines(result, entry: entry, code: finder).joined(separator: "\n") + "\n"
        : QuizReport.line(result, question: entry.question)
})
// What the runtime itself writes while the checks run — the "SWIFT TASK CONTINUATION MISUSE" lines of a scenario that
// leaks its continuation on purpose — is evidence, not the report: kept aside, and shown after a run that did not
// pass, or with --verbose.
let runtimeNoise = StandardErrorCapture()
let results = await runner.run(entries) { [json] result in
    if !json { printer.take(result) }
}
let noise = runtimeNoise.finish()
let elapsed = started.duration(to: .now)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let code: Int32 = QuizReport.passes(results) ? 0 : 1
if let verdictsFile {
    do {
        try QuizReport.verdicts(results).write(toFile: verdictsFile, atomically: true, encoding: .utf8)
    } catch {
        complain("quiz: cannot write the verdicts to \(verdictsFile): \(error.localizedDescription)")
        exit(64)
    }
}
if json {
    print(QuizReport.json(results, entries: entries, seconds: seconds))
    // Standard output is JSON and nothing else: leave without the exit handlers, one of which (the harness's run
    // count) prints to standard output.
    fflush(nil)  // every output stream: `stdout` itself is a C global Swift 6 will not touch from here
    _exit(code)
}
if !noise.isEmpty, verbose || code != 0 {
    complain("What the runtime wrote to standard error while the checks ran:\n" + noise)
}
if full || clauses {
    // One entry in full needs no counts; several do.
    if results.count > 1 { QuizReport.footer(results, seconds: seconds).forEach { print($0) } }
    print(QuizReport.listHint(results) + (results.count > 1 ? "" : String(format: " (%.1f s)", seconds)))
} else {
    QuizReport.tail(results, seconds: seconds).forEach { print($0) }
}
exit(code)
