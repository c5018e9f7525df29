import Foundation
import ConcurrencyHarnessTesting
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import Testing

/// The listing (`swift run quiz`, `swift run quiz L38`) read as a bank of questions: a legend of its verdict words,
/// a line per entry with its id, verdict and question, within 100 columns; each note once with the entries it is
/// about; and, last, what to run next.
@Suite("Quiz bank: the listing reads like a bank of questions", scaledTimeLimit(minutes: 1))
struct ListingTests {
    /// The long note three entries share (a Linux difference found by one check of each).
    static let shared = "On Linux, once a program's async main has suspended, libdispatch serves the main queue from a worker "
        + "thread: main-actor code runs on the main queue but Thread.isMainThread is false."

    /// The bank's entries with made-up results: every check validated on the runtime; the first three entries' first
    /// checks find the same Linux difference; the fourth is skipped.
    static func listing() throws -> (lines: [String], entries: [QuizEntry], results: [EntryResult]) {
        let entries = try QuizTestBank.loaded.get().entries
        let results = entries.enumerated().map { position, entry in
            var checks = entry.checks.map { _ -> CheckResult in
                var check = CheckResult(.validated, observed: "drops 1")
                check.on = .runtime
                return check
            }
            if position < 3 { checks[0].differs = shared }
            if position == 3 { checks = checks.map { _ in CheckResult(.skipped("apple-only: SwiftUI's .task"), observed: "") } }
            return EntryResult(id: entry.id, checks: checks, clauses: entry.clauses)
        }
        return (QuizReport.listing(results, entries: entries, seconds: 18.6), entries, results)
    }

    @Test("Every line fits in 100 columns, and each entry's gives its id, its verdict and its question")
    func linesFitAndAsk() throws {
        let (lines, entries, results) = try Self.listing()
        for line in lines { #expect(line.count <= 100, "\(line.count) columns: \(line)") }
        for (entry, result) in zip(entries, results) {
            let start = QuizReport.flat(entry.question).prefix(40)
            let line = lines.first { $0.hasPrefix(entry.id + " ") }
            #expect(line?.contains(start) == true, "\(entry.id)'s line does not ask its question: \(line ?? "none")")
            #expect(line?.contains(" \(QuizReport.label(result)) ") == true, "\(entry.id)'s line does not give its verdict")
        }
    }

    @Test("A legend at the top says what each verdict word means")
    func legendFirst() throws {
        let (lines, _, results) = try Self.listing()
        let top = lines.prefix { !$0.hasPrefix(results[0].id + " ") }
        for word in ["validated", "partly guarded", "differs", "adapted", "unguarded", "contradicted", "skipped", "not covered"] {
            #expect(top.contains { $0.hasPrefix("  " + word + "  ") }, "the legend does not explain \(word)")
        }
    }

    @Test("A note several entries share is printed once, with every entry it is about")
    func notesOnce() throws {
        let (lines, entries, _) = try Self.listing()
        let text = QuizReport.flat(lines.joined(separator: " "))
        #expect(text.components(separatedBy: "libdispatch serves the main queue from a worker thread").count == 2,
                "the shared note is printed more than once")
        let note = "\(entries[0].id) \(entries[1].id) \(entries[2].id): \(Self.shared)"
        #expect(text.contains(note), "the note is not given once with its three entries")
        #expect(text.contains("\(entries[3].id): apple-only: SwiftUI's .task"), "a skipped entry's reason")
    }

    @Test("The last line says what to run next, with an entry of the listing")
    func hintLast() throws {
        let (lines, entries, _) = try Self.listing()
        let last = try #require(lines.last)
        #expect(last.hasPrefix("Next: swift run quiz \(entries[0].id) "), "\(last)")
        #expect(lines.dropLast().last?.hasPrefix("\(entries.count) entries: ") == true || lines.contains { $0.hasPrefix("\(entries.count) entries: ") })
    }
}
