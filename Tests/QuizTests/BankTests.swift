import Foundation
import Quiz
import QuizCatalog
import HarnessTesting
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
