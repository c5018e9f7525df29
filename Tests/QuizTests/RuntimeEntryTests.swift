import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
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
    // What the quiz skips here for want of a capability (a Mac), the test skips too, saying why as a warning (a
    // skipped test case is not shown by the console).
    if let missing = RuntimeValidator.missingCapability(of: check, scenario: scenario) {
        Issue.record(Comment(rawValue: "\(item.entry.id) skipped: \(RuntimeValidator.skipReason(check, missing))"),
                     severity: .warning, sourceLocation: sourceLocation)
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

/// What one quiz process said of every check that needs a process of its own: each check's JSON by `ID#N`, or why
/// there is none. The process runs them one at a time, as `swift run quiz` does, so that neither the other suites
/// of this test process nor the other checks compete for the main actor, the pool or the actor each measures; one
/// process for all of them starts and reads the bank once instead of once a check.
enum OwnProcessRun {
    /// The checks' reports, from the first test case that asks.
    static let reports = Task { await run() }

    /// Starts `quiz --json --bank … ID#N …` for every such check and reads its report.
    static func run() async -> Result<[String: JSONCheck], OwnProcessFailure> {
        guard let quiz = QuizTestBank.quizExecutable else {
            return .failure(.init(why: "the quiz executable is not next to the test bundle: build it with `swift build`"))
        }
        guard case .success(let bank) = QuizTestBank.loaded else { return .failure(.init(why: "the bank did not load")) }
        let items = QuizTestBank.ownProcessRuntime
        // Each check had 50 s of spare time in a process of its own; together they have as much in all.
        let outcome = await ChildProcess.run(quiz, ["--json", "--bank", bank.directory] + items.map(\.selector),
                                             timeout: .seconds(50 * max(items.count, 1)))
        if let why = outcome.ranOutOfTime { return .failure(.init(why: "unguarded, no evidence: \(why)", ranOutOfTime: true)) }
        guard let root = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any],
              let entries = root["entries"] as? [[String: Any]] else {
            return .failure(.init(why: "the quiz process gave no report (\(outcome.ending)): \(outcome.stderr.suffix(600))"))
        }
        // An entry's checks come in the bank's order: the selected ones of each entry, by their index.
        var reports: [String: JSONCheck] = [:]
        for entry in entries {
            guard let id = entry["id"] as? String, let checks = entry["checks"] as? [[String: Any]] else { continue }
            let indices = items.filter { $0.entry.id == id }.map(\.index).sorted()
            for (index, check) in zip(indices, checks) { reports["\(id)#\(index + 1)"] = JSONCheck(check) }
        }
        return .success(reports)
    }
}

/// What a quiz process reported of one check.
struct JSONCheck: Sendable {
    var verdict: String, summary: String, reason: String, control: String?

    init(_ check: [String: Any]) {
        verdict = check["verdict"] as? String ?? ""
        summary = check["summary"] as? String ?? ""
        reason = check["reason"] as? String ?? ""
        control = (check["control"] as? [String: Any])?["verdict"] as? String
    }
}

/// Why the quiz process said nothing of the checks.
struct OwnProcessFailure: Error, Sendable {
    var why: String
    /// Its time counted only while the machine had a CPU to spare: one that ran out of it anyway shows nothing.
    var ranOutOfTime = false
}

extension BankCheck {
    /// `L38-C04#2`: how the quiz names this check.
    var selector: String { "\(entry.id)#\(index + 1)" }
}

/// The bank's runtime answers about the main actor, GCD, the real pool and a global actor, judged by a quiz process
/// of their own (`OwnProcessRun`); each case reads its check's verdict. The child reads the same bank.
@Suite("Quiz bank: runtime answers in a process of their own", scaledTimeLimit(minutes: 1))
struct OwnProcessRuntimeAnswerTests {
    @Test("A runtime answer of the bank holds on the real executor, in a process of its own",
          arguments: QuizTestBank.ownProcessRuntime)
    func answerHolds(_ item: BankCheck) async throws {
        let reports: [String: JSONCheck]
        switch await OwnProcessRun.reports.value {
        case .success(let all): reports = all
        case .failure(let failure) where failure.ranOutOfTime:
            // A timeout is never a catch: the check is unguarded for it, said as a warning.
            Issue.record(Comment(rawValue: "\(item.entry.id) — \(failure.why)"), severity: .warning)
            return
        case .failure(let failure):
            Issue.record("\(item.entry.id): \(failure.why)")
            return
        }
        let check = try #require(reports[item.selector], "the quiz process said nothing of \(item.selector)")
        if check.verdict == "skipped" {
            Issue.record(Comment(rawValue: "\(item.entry.id) skipped by the quiz: \(check.reason)"), severity: .warning)
            return
        }
        // Unguarded for want of a control is the quiz's verdict, not a miss; a control that held is one.
        let unguardedByChoice = check.verdict == "unguarded" && check.control == "none"
        #expect(check.verdict == "validated" || unguardedByChoice, """
            \(item.entry.id): \(check.verdict)\(check.reason.isEmpty ? "" : ": \(check.reason)") — \(check.summary). \
            The lesson: "\(item.answerExcerpt)"
            """)
    }
}
