import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import Testing

/// One entry as a student reads it (`swift run quiz L37-C13`): a headline the clauses decide, each clause with the
/// checks that guard it and where they ran, each check with the code it ran and what its control changes.
@Suite("Quiz bank: one entry as a student reads it", scaledTimeLimit(minutes: 1))
struct EntryViewTests {
    /// A validated check, observed where `on` says, whose control failed it.
    static func validated(_ on: EvidenceSource) -> CheckResult {
        var result = CheckResult(.validated, observed: "drops 1")
        result.on = on
        result.kind = "runtime"
        result.expect = "every run: drops 1...5"
        result.control = .failed(name: "shape=\"oneDropInOneStretch\"", evidence: "under strict: drops = 100, expected 1...5")
        result.controlWhy = "no await between the read and the write"
        return result
    }

    /// A bank entry with two checks, given these clauses (its own checks kept: what is shown of them here is the
    /// results'), and the bank.
    static func entry(_ clauses: [QuizClause]) throws -> QuizEntry {
        var entry = try #require(QuizTestBank.loaded.get().entries.first { $0.checks.count >= 2 })
        entry.checks = Array(entry.checks.prefix(2))
        entry.clauses = clauses
        return entry
    }

    /// The lines before the question, in one: the entry's name and the headline.
    static func head(_ lines: [String]) -> String {
        QuizReport.flat(lines.prefix { !$0.hasPrefix("Question") && !$0.hasPrefix("  question:") }.joined(separator: " "))
    }

    @Test("The headline is the clauses': where each clause's checks ran, and never “validated” for a partly guarded answer")
    func headlineFromTheClauses() throws {
        let one = QuizClause(text: "One.", evidence: .checks([0])), two = QuizClause(text: "Two.", evidence: .checks([1]))
        let whole = EntryResult(id: "A", checks: [Self.validated(.model), Self.validated(.runtime)], clauses: [one, two])
        let head = Self.head(QuizDetail.lines(whole, entry: try Self.entry([one, two])))
        #expect(head.contains("validated — all 2 clauses of the answer at risk"), "\(head)")
        #expect(head.contains("clause 2 on the runtime") && head.contains("clause 1 in the harness's model"),
                "each clause where its check ran, not the entry's weakest source alone: \(head)")
        let unchecked = QuizClause(text: "Two.", evidence: .notChecked("advice, not a behaviour"))
        let partly = EntryResult(id: "A", checks: [Self.validated(.model), Self.validated(.runtime)], clauses: [one, unchecked])
        let partlyHead = Self.head(QuizDetail.lines(partly, entry: try Self.entry([one, unchecked])))
        #expect(partlyHead.contains("partly guarded — 1 of its 2 clauses at risk (clause 1 in the harness's model), 1 not checked here"),
                "\(partlyHead)")
        #expect(!partlyHead.contains("validated"), "a partly guarded entry's headline never says validated: \(partlyHead)")
    }

    @Test("Each clause shows the checks that guard it and where they ran, or why nothing here checks it")
    func clausesMarked() throws {
        let both = QuizClause(text: "The actor let no two tasks touch drops at the same instant.", evidence: .checks([0, 1]))
        let advice = QuizClause(text: "Reentrancy.", evidence: .notChecked("a name, not a behaviour"))
        let result = EntryResult(id: "A", checks: [Self.validated(.model), Self.validated(.runtime)], clauses: [both, advice])
        let lines = QuizDetail.lines(result, entry: try Self.entry([both, advice]))
        #expect(lines.contains("  1  The actor let no two tasks touch drops at the same instant."), "\(lines)")
        #expect(lines.contains("     guarded by check 1 (in the harness's model) and check 2 (on the runtime)"), "\(lines)")
        #expect(lines.contains("  2  Reentrancy."))
        #expect(lines.contains("     not checked here: a name, not a behaviour"), "\(lines)")
    }

    @Test("Every line of every entry's full form fits in 100 columns")
    func fullFormFits() throws {
        let bank = try QuizTestBank.loaded.get()
        for entry in bank.entries {
            let checks = entry.checks.map { _ in Self.validated(.runtime) }
            for line in QuizDetail.lines(EntryResult(id: entry.id, checks: checks, clauses: entry.clauses), entry: entry) {
                #expect(line.count <= 100, "\(entry.id): \(line.count) columns: \(line)")
            }
        }
    }
}

extension EntryViewTests {
    @Test("Given the sources, each check shows the code it ran and the lines its control changes, within 100 columns")
    func codeShown() throws {
        let bank = try QuizTestBank.loaded.get()
        let finder = CodeFinder(tree: SourceTree(), catalog: .standard, snippets: bank.directory + "/snippets")
        // The first entry whose first check runs a scenario and whose control names another shape.
        let entry = try #require(bank.entries.first { entry in
            guard case .runtime(let check)? = entry.checks.first, case .arguments(let values, _) = check.control else { return false }
            return values["shape"] != nil
        })
        guard case .runtime(let check) = entry.checks[0], case .arguments(let values, _) = check.control,
              case .string(let shape)? = values["shape"] else { return }
        let code = finder.code(for: entry.checks[0])
        let function = try #require(code.ran.first)
        let lines = QuizDetail.lines(EntryResult(id: entry.id, checks: entry.checks.map { _ in Self.validated(.model) },
                                                 clauses: entry.clauses), entry: entry, code: finder)
        let checkOne = lines.drop { !$0.hasPrefix("Check 1:") }.prefix { !$0.hasPrefix("Check 2:") && $0 != "On Linux" }
        #expect(checkOne.contains("  the code that ran:"), "\(lines)")
        #expect(checkOne.contains { $0.contains(function.place) }, "the scenario's function and where it is: \(function.place)")
        let text = QuizReport.flat(checkOne.joined(separator: " "))
        #expect(text.contains("registered as \(check.scenario) at Sources/QuizCatalog/"), "\(text)")
        #expect(checkOne.contains { $0.hasPrefix("  the control: shape \(shape) — ") }, "\(checkOne)")
        #expect(checkOne.contains { $0.contains("shape \(shape) (the control's)") }, "\(checkOne)")
        #expect(checkOne.contains { $0.contains(" │ ") }, "code lines, numbered")
        #expect(checkOne.contains { $0.hasPrefix("    it failed the check, as it must: ") })
        for entry in bank.entries {
            let results = EntryResult(id: entry.id, checks: entry.checks.map { _ in Self.validated(.runtime) }, clauses: entry.clauses)
            for line in QuizDetail.lines(results, entry: entry, code: finder) {
                #expect(line.count <= 100, "\(entry.id): \(line.count) columns: \(line)")
            }
        }
    }
}
