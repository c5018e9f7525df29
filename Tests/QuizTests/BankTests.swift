import Foundation
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import ConcurrencyHarnessTesting
import Testing

/// The bank itself: it loads, it holds every card and question of lessons 37, 38 and 40, and every entry says
/// what validates it.
@Suite("Quiz bank: contents", scaledTimeLimit(minutes: 1))
struct BankContentTests {
    @Test("The bank loads: every field of every entry is well formed and every name it uses is in the catalog")
    func bankLoads() throws {
        _ = try QuizTestBank.loaded.get()
    }

    /// The lessons' own counts: "21 cards for this lesson … 13 questions", and so on.
    @Test("Every flash card and edge-case question of the three lessons is in the bank", arguments: [
        ("L37", 21, 13), ("L38", 20, 24), ("L40", 24, 11),
    ])
    func everyCardAndQuestion(lesson: String, cards: Int, questions: Int) throws {
        let bank = try QuizTestBank.loaded.get()
        let entries = bank.entries.filter { $0.bank == lesson }
        let cardIDs = entries.filter { $0.kind == .card }.map(\.id)
        let questionIDs = entries.filter { $0.kind == .question }.map(\.id)
        #expect(cardIDs.count == cards, "\(lesson) has \(cards) flash cards; the bank holds \(cardIDs.count)")
        #expect(questionIDs.count == questions, "\(lesson) has \(questions) edge-case questions; the bank holds \(questionIDs.count)")
        let expectedCards = (1...cards).map { String(format: "%@-C%02d", lesson, $0) }
        #expect(Set(cardIDs) == Set(expectedCards), "card ids should run \(expectedCards.first!)…\(expectedCards.last!)")
    }

    @Test("Every entry has the lesson's answer and a question, and every skip gives its reason")
    func entriesAreComplete() throws {
        let bank = try QuizTestBank.loaded.get()
        for entry in bank.entries {
            #expect(!entry.answer.trimmingCharacters(in: .whitespaces).isEmpty, "\(entry.id) has no answer")
            #expect(!entry.checks.isEmpty, "\(entry.id) says nothing about what validates it")
            for check in entry.checks {
                switch check {
                case .appleOnly(let reason), .toolchain(_, let reason, _):
                    #expect(reason.count > 10, "\(entry.id) is skipped without a reason worth the name: \"\(reason)\"")
                default:
                    break
                }
            }
        }
    }

    @Test("The audit view shows each clause beside the checks it names, and each check as the bank writes it")
    func clauseView() throws {
        let bank = try QuizTestBank.loaded.get()
        let entry = try #require(bank.entry("AR-12"))
        var checks = entry.checks.map { _ in CheckResult(.validated, observed: "") }
        checks[1] = CheckResult(.skipped("not run here"), observed: "")
        let lines = ClauseView(directory: bank.directory, catalog: .standard).lines(EntryResult(id: entry.id, checks: checks, clauses: entry.clauses),
                                                                 entry: entry)
        #expect(lines.contains("    2. \u{201C}It drops the current context — priority, task-local values and cancellation —\u{201D}"))
        #expect(lines.contains("       → NOT at risk here: check 1 (validated), check 2 (skipped)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("  check 2, named by clause 2, 3: skipped") })
        #expect(lines.contains { $0.contains("registered at Sources/QuizCatalog/") && $0.contains("\"cancellation.whoHears\"") })
        #expect(lines.contains { $0.hasPrefix("    control: {\"arguments\": {\"shape\": \"detachedAsAsyncLet\"}") })
    }

    @Test("Every check that can be validated — it names a control — carries its audit: what could have made it fail")
    func everyValidatableCheckIsAudited() throws {
        let bank = try QuizTestBank.loaded.get()
        for entry in bank.entries {
            for (index, check) in entry.checks.enumerated() where check.hasControl {
                #expect(check.audit != nil, """
                    \(entry.id)#\(index + 1) (\(check.kindName)) names a control but no "audit": say what, in the code \
                    under test, could have made it fail, and how its control shows it (Quiz/README.md, "What may \
                    validate a check")
                    """)
            }
        }
    }

    /// A note written for its check says what in that check's code could have failed and how its control shows
    /// it; a sentence two notes share word for word was written for neither (a template with names filled in).
    @Test("No two audit notes share a run of more than eight words: each is written for its check")
    func auditNotesAreWrittenForTheirCheck() throws {
        let bank = try QuizTestBank.loaded.get()
        var notes: [(tag: String, text: String)] = []
        for entry in bank.entries {
            for (index, check) in entry.checks.enumerated() {
                if let audit = check.audit { notes.append(("\(entry.id)#\(index + 1)", audit)) }
            }
        }
        // One issue per note that repeats an earlier one: the first it repeats, and how many others.
        let shared = AuditNotes.sharedRuns(notes, longerThan: 8)
        for second in Set(shared.map(\.second)).sorted() {
            let pairs = shared.filter { $0.second == second }
            let first = pairs[0]
            Issue.record("""
                \(second) repeats \(first.words.split(separator: " ").count) words of \(first.first)\
                \(pairs.count > 1 ? " (and shares runs with \(pairs.count - 1) more)" : ""): "\(first.words)" — write \
                each audit for its own check: what in its code could have made it fail, what its control changes and \
                why that is the claim's point, which part of the answer it does not guard
                """)
        }
    }

    @Test("Shared runs of words are found whatever the case, punctuation or names filled in between them")
    func sharedRunsAreFound() {
        let template = [("A#1", "Could fail if drops came out otherwise when jar.pour ran in the harness's model only."),
                        ("B#1", "Could fail if laps came out otherwise when cancellation.loop ran in the harness's model only (one thread)."),
                        ("C#1", "The jar counts its drops at run time; only the await lets a bee write over another's read.")]
        let found = AuditNotes.sharedRuns(template, longerThan: 4)
        #expect(found.map { "\($0.first) \($0.second) \($0.words)" } == ["A#1 B#1 ran in the harness's model only"])
        #expect(AuditNotes.sharedRuns(template, longerThan: 8).isEmpty, "no run of nine words is shared here")
    }

    @Test("Every snippet file is used by an entry, and every crash and runtime name resolves")
    func nothingDangles() throws {
        let bank = try QuizTestBank.loaded.get()
        let files = try FileManager.default.contentsOfDirectory(atPath: bank.directory + "/snippets").filter { $0.hasSuffix(".swift") }
        var used = Set<String>()
        func collect(_ check: QuizCheck) {
            switch check {
            case .compile(let compile):
                used.insert(compile.snippet)
                if case .counterpart(let counterpart)? = compile.control, let other = counterpart.snippet { used.insert(other) }
            case .run(let run):
                used.insert(run.snippet)
                if case .counterpart(let counterpart) = run.control, let other = counterpart.snippet { used.insert(other) }
            case .toolchain(_, _, let inner?): collect(inner.check)
            default: break
            }
        }
        bank.entries.flatMap(\.checks).forEach(collect)
        #expect(Set(files).subtracting(used).isEmpty, "snippets no entry uses: \(Set(files).subtracting(used).sorted())")
    }
}

/// Runs of words that two audit notes share.
enum AuditNotes {
    /// A run of words two notes share, longer than the limit asked for: the longest such run of that pair.
    struct Shared: Equatable {
        var first: String
        var second: String
        var words: String
    }

    /// A note's words, lowercased, without the punctuation around them (`"harness's"` keeps its apostrophe).
    static func words(_ text: String) -> [String] {
        text.lowercased().split { !$0.isLetter && !$0.isNumber && $0 != "'" && $0 != "’" && $0 != "." && $0 != "_" }
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: ".'’")) }
            .filter { !$0.isEmpty }
    }

    /// Every pair of `notes` that shares a run of more than `limit` words, with the longest run it shares.
    static func sharedRuns(_ notes: [(tag: String, text: String)], longerThan limit: Int) -> [Shared] {
        let split = notes.map { words($0.text) }
        // Every run of limit + 1 words, and the notes it appears in (each note once).
        var owners: [[String]: [Int]] = [:]
        for (index, words) in split.enumerated() where words.count > limit {
            var seen = Set<[String]>()
            for start in 0...(words.count - limit - 1) {
                let run = Array(words[start...(start + limit)])
                if seen.insert(run).inserted { owners[run, default: []].append(index) }
            }
        }
        var pairs = Set<[Int]>()
        for indices in owners.values where indices.count > 1 {
            for i in indices.indices { for j in indices.indices where i < j { pairs.insert([indices[i], indices[j]]) } }
        }
        return pairs.sorted { $0.lexicographicallyPrecedes($1) }.map { pair in
            Shared(first: notes[pair[0]].tag, second: notes[pair[1]].tag,
                   words: longestCommonRun(split[pair[0]], split[pair[1]]).joined(separator: " "))
        }
    }

    /// The longest run of words `a` and `b` both hold.
    static func longestCommonRun(_ a: [String], _ b: [String]) -> [String] {
        var best = (length: 0, end: 0)
        var previous = [Int](repeating: 0, count: b.count + 1)
        for i in 1...max(a.count, 1) where i <= a.count {
            var current = [Int](repeating: 0, count: b.count + 1)
            for j in 1...max(b.count, 1) where j <= b.count && a[i - 1] == b[j - 1] {
                current[j] = previous[j - 1] + 1
                if current[j] > best.length { best = (current[j], i) }
            }
            previous = current
        }
        return Array(a[(best.end - best.length)..<best.end])
    }
}
