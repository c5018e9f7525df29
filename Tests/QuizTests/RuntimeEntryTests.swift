import Foundation
import Harness
import HarnessTesting
import Scenarios
import Testing

/// Runs `item`'s scenario under every schedule its check names, and expects every observed value the bank names to
/// be what the bank says (Linux's expectation where the bank gives one).
func verifyRuntime(_ item: BankCheck, sourceLocation: SourceLocation = #_sourceLocation) async {
    guard case .runtime(let check) = item.check else { return }
    guard let scenario = QuizTestBank.catalog.scenarios[check.scenario] else {
        recordNotCovered(item, QuizTestBank.catalog.pending[check.scenario].map { "scenario \(check.scenario), from \($0.awaiting)" }
            ?? "scenario \(check.scenario) is not in the catalog", sourceLocation: sourceLocation)
        return
    }
    let (expect, differs) = RuntimeValidator.expectations(of: check)
    let arguments = ScenarioArguments(defaults: scenario.parameters, given: check.arguments)
    let body: @Sendable () async throws -> Observation = { try await scenario.run(arguments) }
    let linuxNote = differs.map { " (on Linux: \($0))" } ?? ""
    if let kind = check.failsWith {
        await verifyFailure(item, check, kind: kind, options: scenario.options, body, sourceLocation: sourceLocation)
        return
    }
    for schedule in check.schedules {
        switch schedule {
        case .strict, .system:
            guard let run = await runRecordingIssues(schedule == .strict ? .strict : .system, options: scenario.options,
                                                     sourceLocation: sourceLocation, body) else { continue }
            for name in expect.keys.sorted() {
                let value = run.value[name]
                #expect(value.map { expect[name]!.holds(for: $0) } == true, """
                    \(item.entry.id) under \(run.ranAs): \(name) = \(value?.description ?? "nothing"), but the bank says \
                    \(expect[name]!)\(linuxNote). The lesson: "\(item.answerExcerpt)"
                    """, sourceLocation: sourceLocation)
            }
        case .seeded:
            guard let exploration = await exploreRecordingIssues(check.scenario, seeds: check.seeds,
                                                                 options: scenario.options,
                                                                 sourceLocation: sourceLocation, body) else { continue }
            let claim = "\(item.entry.id): " + expect.keys.sorted().map { "\($0) \(expect[$0]!)" }.joined(separator: ", ")
                + linuxNote + ". The lesson: \"\(item.answerExcerpt)\""
            expectEverySeed(exploration, claim, sourceLocation: sourceLocation) { observation in
                expect.allSatisfy { name, expectation in observation[name].map(expectation.holds) == true }
            }
            if !check.expectSome.isEmpty {
                let some = check.expectSome.keys.sorted().map { "\($0) \(check.expectSome[$0]!)" }.joined(separator: ", ")
                expectSomeSeed(exploration, "\(item.entry.id): under some seed \(some). The lesson: \"\(item.answerExcerpt)\"",
                               sourceLocation: sourceLocation) { observation in
                    check.expectSome.allSatisfy { name, expectation in observation[name].map(expectation.holds) == true }
                }
            }
        }
    }
}

/// Runs a check whose every run must end in the harness failure `kind` (a deadlock: "it waits for ever").
func verifyFailure(_ item: BankCheck, _ check: RuntimeCheck, kind: HarnessFailure.Kind, options: RunOptions,
                   _ body: @escaping @Sendable () async throws -> Observation,
                   sourceLocation: SourceLocation) async {
    let claim = "\(item.entry.id): the harness should see \(kind.rawValue). The lesson: \"\(item.answerExcerpt)\""
    for schedule in check.schedules {
        switch schedule {
        case .strict, .system:
            do {
                let run = try await Harness.run(schedule == .strict ? .strict : .system, options: options, body)
                Issue.record("\(claim) — but under \(run.ranAs) it finished: \(run.value)", sourceLocation: sourceLocation)
            } catch {
                #expect(error.kind == kind, "\(claim) — under \(schedule) it ended otherwise: \(error)",
                        sourceLocation: sourceLocation)
            }
        case .seeded:
            do {
                let exploration = try await explore(check.scenario, seeds: check.seeds, options: options, body)
                expectEverySeedFails(exploration, with: kind, claim, sourceLocation: sourceLocation)
            } catch {
                Issue.record("\(claim) — the seeds could not be explored: \(error)", sourceLocation: sourceLocation)
            }
        }
    }
}

/// The bank's runtime answers that the harness can run on its own thread: strict and seeded, in parallel.
@Suite("Quiz bank: runtime answers under the harness", .timeLimit(.minutes(1)))
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
@Suite("Quiz bank: runtime answers in a process of their own", .serialized, .timeLimit(.minutes(1)))
struct OwnProcessRuntimeAnswerTests {
    @Test("A runtime answer of the bank holds on the real executor, in a process of its own",
          arguments: QuizTestBank.ownProcessRuntime)
    func answerHolds(_ item: BankCheck) async throws {
        let quiz = try #require(QuizTestBank.quizExecutable,
                                "the quiz executable is not next to the test bundle: build it with `swift build`")
        let bank = try QuizTestBank.loaded.get()
        let outcome = await ChildProcess.run(quiz, ["--json", "--bank", bank.directory, "\(item.entry.id)#\(item.index + 1)"],
                                             timeout: .seconds(50))
        let data = Data(outcome.stdout.utf8)
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let entries = root["entries"] as? [[String: Any]], let entry = entries.first,
              let checks = entry["checks"] as? [[String: Any]], let check = checks.first,
              let verdict = check["verdict"] as? String else {
            Issue.record("\(item.entry.id): the quiz process gave no report (\(outcome.ending)): \(outcome.stderr.suffix(600))")
            return
        }
        let observed = check["observed"] as? String ?? ""
        let reason = check["reason"] as? String ?? ""
        #expect(verdict == "validated", """
            \(item.entry.id): \(verdict)\(reason.isEmpty ? "" : ": \(reason)") — \(observed). \
            The lesson: "\(item.answerExcerpt)"
            """)
    }
}
