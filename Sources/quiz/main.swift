import Foundation
import Scenarios

// `swift run quiz`: checks every entry of the quiz bank and prints one line per entry, then the counts.
//
//   swift run quiz                 the report, one line per entry
//   swift run quiz --json          the same as JSON
//   swift run quiz L37-C13 QA-03   only these entries
//   swift run quiz --bank DIR      another bank folder (default: the package's Quiz/)
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
var directory = BankLocation.directory
var only: [String] = []
while let argument = arguments.first {
    arguments.removeFirst()
    switch argument {
    case "--json":
        json = true
    case "--bank":
        guard let value = arguments.first else {
            complain("quiz: --bank needs a folder")
            exit(64)
        }
        arguments.removeFirst()
        directory = value
    case "--help", "-h":
        print("usage: swift run quiz [--json] [--bank DIR] [ENTRY-ID …]")
        exit(0)
    default:
        guard !argument.hasPrefix("-") else {
            complain("quiz: unknown option \(argument) (try --help)")
            exit(64)
        }
        only.append(argument)
    }
}

let bank: QuizBank
do {
    bank = try QuizBankLoader.load(directory: directory, catalog: .standard)
} catch {
    complain("quiz: cannot use the bank: \(error)")
    exit(65)
}
/// The entry an argument names, with only the check it names after `#` (1-based), if it does.
func selected(_ argument: String) -> QuizEntry? {
    let parts = argument.split(separator: "#", maxSplits: 1).map(String.init)
    guard var entry = bank.entry(parts[0]) else { return nil }
    if parts.count == 2 {
        guard let index = Int(parts[1]), entry.checks.indices.contains(index - 1) else { return nil }
        entry.checks = [entry.checks[index - 1]]
    }
    return entry
}
let unknown = only.filter { selected($0) == nil }
guard unknown.isEmpty else {
    complain("quiz: no entry (or no such check) \(unknown.joined(separator: ", ")) in the bank")
    exit(64)
}

let started = ContinuousClock.now
let runner = QuizRunner(bank: bank, catalog: .standard, crashExecutable: CrashValidator.currentExecutable())
let entries = only.isEmpty ? bank.entries : only.compactMap(selected)
let printer = OrderedPrinter(order: entries.map(\.id))
let results = await runner.run(entries) { [json] result in
    if !json { printer.take(result) }
}
let elapsed = started.duration(to: .now)
let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
let code: Int32 = QuizReport.passes(results) ? 0 : 1
if json {
    print(QuizReport.json(results, seconds: seconds))
    // Standard output is JSON and nothing else: leave without the exit handlers, one of which (the harness's run
    // count) prints to standard output.
    fflush(nil)  // every output stream: `stdout` itself is a C global Swift 6 will not touch from here
    _exit(code)
}
print("")
print(QuizReport.summary(results) + String(format: " (%.1f s)", seconds))
exit(code)
