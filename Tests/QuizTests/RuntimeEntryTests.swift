import Foundation
import Harness
import HarnessTesting
import Quiz
import QuizCatalog
import Testing

/// Checks `item`'s claim — the same `Claim` the quiz checks — and renders its result as issues: a miss with the
/// command that replays it, a control that held too. A check with no control is the quiz's "unguarded": not an
/// issue here, since nothing was observed wrong.
func verifyRuntime(_ item: BankCheck, sourceLocation: SourceLocation = #_sourceLocation) async {
    guard case .runtime(let check) = item.check else { return }
    guard let scenario = QuizTestBank.catalog.scenarios[check.scenario] else {
        recordNotCovered(item, RuntimeValidator.awaiting(check.scenario, in: QuizTestBank.catalog),
                         sourceLocation: sourceLocation)
        return
    }
    let (_, differs) = RuntimeValidator.expectations(of: check)
    let statement = "\(item.entry.id) (\(check.scenario))\(differs.map { " (on Linux: \($0))" } ?? ""). "
        + "The lesson: \"\(item.answerExcerpt)\""
    await verify(RuntimeValidator.claim(check, scenario: scenario, statement: statement), sourceLocation: sourceLocation)
}

/// The bank's runtime answers that the harness can run on its own thread: strict and seeded, in parallel.
@Suite("Quiz bank: runtime answers under the harness", scaledTimeLimit(minutes: 1))
struct HarnessRuntimeAnswerTests {
    @Test("A runtime answer of the bank holds under the strict pool and every seed",
          arguments: QuizTestBank.harnessRuntime)
    func answerHolds(_ item: BankCheck) async {
        await verifyRuntime(item)
    }
}

/// The bank's runtime answers about the main actor, GCD, the real pool and a global actor: each in a quiz process
/// of its own (`quiz --json <id>#<check>`), one at a time, so that neither the other suites of this process nor
/// the other checks compete for the main actor, the pool or the actor it measures. The child reads the same bank.
@Suite("Quiz bank: runtime answers in a process of their own", .serialized, scaledTimeLimit(minutes: 1))
struct OwnProcessRuntimeAnswerTests {
    @Test("A runtime answer of the bank holds on the real executor, in a process of its own",
          arguments: QuizTestBank.ownProcessRuntime)
    func answerHolds(_ item: BankCheck) async throws {
        let quiz = try #require(QuizTestBank.quizExecutable,
                                "the quiz executable is not next to the test bundle: build it with `swift build`")
        let bank = try QuizTestBank.loaded.get()
        let outcome = await ChildProcess.run(quiz, ["--json", "--bank", bank.directory, "\(item.entry.id)#\(item.index + 1)"],
                                             timeout: .seconds(50))
        if let why = outcome.ranOutOfTime {
            // Its time counts only while the machine had a CPU to spare: a child that ran out of it anyway shows
            // nothing about the answer, so the check is unguarded, said as a warning (a timeout is never a catch).
            Issue.record(Comment(rawValue: "\(item.entry.id) — unguarded, no evidence: \(why)"), severity: .warning)
            return
        }
        let data = Data(outcome.stdout.utf8)
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["entries"] as? [[String: Any]], let entry = entries.first,
              let checks = entry["checks"] as? [[String: Any]], let check = checks.first,
              let verdict = check["verdict"] as? String else {
            Issue.record("\(item.entry.id): the quiz process gave no report (\(outcome.ending)): \(outcome.stderr.suffix(600))")
            return
        }
        let observed = check["summary"] as? String ?? ""
        let reason = check["reason"] as? String ?? ""
        let control = (check["control"] as? [String: Any])?["verdict"] as? String
        // Unguarded for want of a control is the quiz's verdict, not a miss; a control that held is one.
        let unguardedByChoice = verdict == "unguarded" && control == "none"
        #expect(verdict == "validated" || unguardedByChoice, """
            \(item.entry.id): \(verdict)\(reason.isEmpty ? "" : ": \(reason)") — \(observed). \
            The lesson: "\(item.answerExcerpt)"
            """)
    }
}
