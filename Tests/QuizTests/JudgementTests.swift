import Foundation
import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// How the validators judge what they observed — the lesson's expectation, or Linux's where the bank gives one —
/// and how an entry's verdict follows from its checks'.
@Suite("Quiz bank: verdicts", scaledTimeLimit(minutes: 1))
struct JudgementTests {
    /// A compile check expecting `words` as an error, with Linux expecting `linuxWords` instead.
    func compileCheck(_ words: String, linux linuxWords: String? = nil) -> CompileCheck {
        let expect = CompileCheck.Expectation(outcome: .error, diagnostic: words)
        var linux: LinuxOverride<CompileCheck.Expectation>?
        if let linuxWords {
            linux = LinuxOverride(value: CompileCheck.Expectation(outcome: .error, diagnostic: linuxWords),
                                  note: "Linux Foundation words it without the hint")
        }
        return CompileCheck(snippet: "X.swift", source: nil, swiftVersion: 6, mode: .typecheck, flags: [], topLevel: false,
                            expect: expect, linux: linux, note: nil)
    }

    /// The compiler's output: one error line, in swiftc's own format.
    let stderr = "X.swift:3:5: error: class method 'sleep' is unavailable from asynchronous contexts [#Availability]\n"

    @Test("A compile error with the lesson's words is validated; a compile that succeeds is contradicted")
    func compileErrors() {
        let failed = ChildOutcome(ending: .exit(1), stdout: "", stderr: stderr)
        let check = compileCheck("class method 'sleep' is unavailable")
        #expect(CompileValidator.evaluate(check, outcome: failed, source: "a\nb\nc\n", onLinux: false).verdict == .validated)
        let compiled = ChildOutcome(ending: .exit(0), stdout: "", stderr: "")
        #expect(CompileValidator.evaluate(check, outcome: compiled, source: "", onLinux: false).verdict == .contradicted)
    }

    @Test("On Linux the Linux words are checked and the difference is reported; elsewhere the lesson's are")
    func linuxOverride() {
        let failed = ChildOutcome(ending: .exit(1), stdout: "", stderr: stderr)
        let check = compileCheck("Use Task.sleep(until:clock:) instead.", linux: "class method 'sleep' is unavailable")
        let onLinux = CompileValidator.evaluate(check, outcome: failed, source: "", onLinux: true)
        #expect(onLinux.verdict == .validated)
        #expect(onLinux.differs == "Linux Foundation words it without the hint")
        #expect(CompileValidator.evaluate(check, outcome: failed, source: "", onLinux: false).verdict == .contradicted)
    }

    @Test("A crash is judged by its signal and its standard error, Linux's where they differ")
    func crashes() {
        let expect = CrashCheck.Expectation(exit: .signal, signal: 5, stderr: "tried to resume its continuation more than once")
        let linux = LinuxOverride(value: CrashCheck.Expectation(exit: .signal, signal: 4, stderr: expect.stderr),
                                  note: "x86_64 traps with SIGILL")
        let check = CrashCheck(scenario: "c", environment: [:], expect: expect, linux: linux, note: nil)
        let outcome = ChildOutcome(ending: .signal(4), stdout: "",
                                   stderr: "Fatal error: SWIFT TASK CONTINUATION MISUSE: f() tried to resume its continuation more than once, returning 2!\n")
        #expect(CrashValidator.evaluate(check, outcome: outcome, onLinux: true).verdict == .validated)
        #expect(CrashValidator.evaluate(check, outcome: outcome, onLinux: false).verdict == .contradicted)
        let clean = ChildOutcome(ending: .exit(0), stdout: "", stderr: "")
        #expect(CrashValidator.evaluate(check, outcome: clean, onLinux: true).verdict == .contradicted)
    }

    /// A runtime check of `drops` in 1...5 on the scenario `drops`, whose control sets `shape` to `control`.
    func dropsCheck(control: String) throws -> RuntimeCheck {
        RuntimeCheck(scenario: "drops", arguments: [:], schedules: [.strict, .seeded], seeds: 2,
                     expect: ["drops": try ValueExpectation(parsing: "\"1...5\"")], linux: nil, note: nil,
                     control: .arguments(["shape": .string(control)], why: "a plain class loses updates"))
    }

    /// How the drops' jar is guarded, for the demo scenario.
    enum Guard: String, CaseIterable, Decodable, Sendable { case actor, plainClass }

    /// A scenario that reports `drops` 1 for the shape `actor` and 99 for `plainClass`.
    let drops = QuizScenario("drops", observes: ["drops"], shape: Guard.actor) { arguments in
        ["drops": .int(arguments.shape == .actor ? 1 : 99)]
    }

    @Test("A runtime check is validated only if it held on every run and its control made it fail", .needs(.timers, .defaultExecutor))
    func runtime() async throws {
        let validator = RuntimeValidator(catalog: Catalog(scenarios: [drops]))
        let guarded = await validator.validate(try dropsCheck(control: "plainClass"))
        #expect(guarded.verdict == .validated)
        #expect(guarded.control?.word == "failed")
        let constant = await validator.validate(try dropsCheck(control: "actor"))
        #expect(constant.verdict.word == "unguarded", "a control that holds too shows a check that cannot fail")
        var none = try dropsCheck(control: "actor")
        none.control = .none(why: "fixed at compile time")
        #expect(await validator.validate(none).verdict == .unguarded("fixed at compile time"))
        var wrong = try dropsCheck(control: "actor")
        wrong.arguments = ["shape": .string("plainClass")]
        let judged = await validator.validate(wrong)
        #expect(judged.verdict == .contradicted)
        #expect(judged.observed.contains("under strict: drops = 99, expected 1...5"))
    }

    @Test("A value a Linux block leaves unchecked (null) is shown but not judged; the values it names instead are", .needs(.timers, .defaultExecutor))
    func linuxLeavesAValueUnchecked() async throws {
        let validator = RuntimeValidator(catalog: Catalog(scenarios: [drops]))
        var check = try dropsCheck(control: "plainClass")
        check.expect = ["drops": .range(lower: 50, upper: nil, includesUpper: true)]
        check.linux = LinuxOverride(value: ["drops": .notChecked], note: "the share swings here")
        check.control = .arguments(["shape": .string("plainClass")], why: "w")
        #expect(RuntimeValidator.expectations(of: check, onLinux: true).expect.isEmpty)
        #expect(RuntimeValidator.expectations(of: check, onLinux: false).expect.count == 1)
        guard quizRunsOnLinux else { return }
        let judged = await validator.validate(check)
        #expect(judged.verdict.word == "unguarded", "with nothing left to check, nothing could fail: \(judged.verdict)")
        #expect(judged.observed.contains("drops 1"), "the unchecked value is still shown: \(judged.observed)")
    }

    @Test("An entry is contradicted if any check is, not covered if any is, unguarded if any is, validated if any is")
    func entryVerdicts() {
        let validated = CheckResult(.validated, observed: "ok")
        let skipped = CheckResult(.skipped("needs Swift 6.4"), observed: "")
        let missing = CheckResult(.notCovered("scenario x"), observed: "")
        let wrong = CheckResult(.contradicted, observed: "no")
        let unguarded = CheckResult(.unguarded("no control"), observed: "ok")
        #expect(entry("A", [validated, skipped]).verdict == .validated)
        #expect(entry("A", [validated, unguarded]).verdict == .unguarded("no control"))
        #expect(entry("A", [validated, missing]).verdict == .notCovered("scenario x"))
        #expect(entry("A", [missing, wrong]).verdict == .contradicted)
        #expect(entry("A", [skipped]).verdict == .skipped("needs Swift 6.4"))
    }

    @Test("A validated entry is validated only when every clause of its answer is at risk in validated checks")
    func clausesDecideTheCategory() {
        let validated = CheckResult(.validated, observed: "ok")
        let skipped = CheckResult(.skipped("needs Swift 6.4"), observed: "")
        func clause(_ text: String, _ checks: Int...) -> QuizClause { QuizClause(text: text, evidence: .checks(checks)) }
        let whole = EntryResult(id: "A", checks: [validated, validated], clauses: [clause("One.", 0), clause("Two.", 1)])
        #expect(whole.category == "validated")
        #expect(whole.uncheckedClauses.isEmpty)
        // A clause whose check is skipped here is not checked: the entry is partly guarded, and says which and why.
        let skip = EntryResult(id: "A", checks: [validated, skipped], clauses: [clause("One.", 0), clause("Two.", 1)])
        #expect(skip.verdict == .validated && skip.category == "partlyGuarded")
        #expect(skip.uncheckedClauses.map(\.clause.text) == ["Two."])
        #expect(skip.notChecked == ["\u{201C}Two.\u{201D} — check 2 skipped: needs Swift 6.4"])
        // A clause naming two checks is at risk only where both were validated.
        let both = EntryResult(id: "A", checks: [validated, skipped], clauses: [clause("One and two.", 0, 1)])
        #expect(both.category == "partlyGuarded")
        // A clause that says why nothing checks it is never checked, whatever the entry's checks did.
        let unreached = EntryResult(id: "A", checks: [validated],
                                    clauses: [clause("One.", 0), QuizClause(text: "Two.", evidence: .notChecked("advice"))])
        #expect(unreached.category == "partlyGuarded" && unreached.notChecked == ["\u{201C}Two.\u{201D} — advice"])
        let json = QuizReport.json([skip], entries: [], seconds: 0)
        let root = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let clauses = (root?["entries"] as? [[String: Any]])?.first?["clauses"] as? [[String: Any]]
        #expect(clauses?.map { $0["checks"] as? [Int] } == [[1], [2]], "a clause's checks are numbered from 1: \(json)")
        #expect(clauses?.map { $0["atRisk"] as? Bool } == [true, false])
        #expect(clauses?.last?["why"] as? String == "check 2 skipped: needs Swift 6.4")
        // `--json`'s verdict is the clauses': a reader filtering on it never counts a partly guarded entry validated.
        let entries = { (results: [EntryResult]) in
            (try? JSONSerialization.jsonObject(with: Data(QuizReport.json(results, entries: [], seconds: 0).utf8))
                as? [String: Any])?["entries"] as? [[String: Any]] ?? []
        }
        #expect(entries([skip, whole]).map { $0["verdict"] as? String } == ["partlyGuarded", "validated"])
        #expect(entries([skip, whole]).map { $0["checksVerdict"] as? String } == ["validated", "validated"])
    }

    @Test("An entry whose answer is only partly checked is partly guarded: counted apart, named so everywhere")
    func partlyGuarded() {
        var validated = CheckResult(.validated, observed: "ok")
        validated.differs = "Linux differs"
        let part = "GCD's choice, from run to run"
        let clauses = [QuizClause(text: "A serial queue runs one at a time.", evidence: .checks([0])),
                       QuizClause(text: "GCD may lend another thread next time.", evidence: .notChecked(part))]
        let partly = EntryResult(id: "A", checks: [validated], clauses: clauses)
        #expect(partly.verdict == .validated, "what is checked is validated")
        #expect(partly.category == "partlyGuarded", "before differs: the unchecked part weighs more")
        #expect(EntryResult(id: "A", checks: [CheckResult(.unguarded("x"), observed: "")], clauses: clauses).category
            == "unguarded")
        #expect(QuizReport.line(partly, question: "Is a serial queue one thread?") == "A         partly guarded  Is a serial queue one thread?")
        #expect(QuizReport.counts([partly])["partlyGuarded"] == 1 && QuizReport.counts([partly])["validated"] == 0)
        #expect(partly.notChecked == ["\u{201C}GCD may lend another thread next time.\u{201D} — \(part)"])
        #expect(QuizReport.json([partly], entries: [], seconds: 0).contains("\"notChecked\" : \"\(part)\""))
    }

    @Test("The report prints one line per entry, its id, verdict and question, and the counts, skips by reason")
    func report() {
        let results = [entry("L37-C13", [CheckResult(.validated, observed: "drops 1 (strict)")]),
                       entry("L38-Q07", [CheckResult(.skipped("needs Swift 6.4 (this is 6.3)"), observed: "")])]
        #expect(QuizReport.line(results[0], question: "What is the counter at the end?")
            == "L37-C13   validated       What is the counter at the end?")
        #expect(QuizReport.summary(results) == "1 validated, 0 partly guarded, 0 validated but differ on Linux, 0 adapted "
            + "(of them 0 on the runtime, 0 only in the harness's model, 0 by the compiler), "
            + "0 unguarded, 0 contradicted, 1 skipped (needs Swift 6.4 1), 0 not covered")
        #expect(QuizReport.passes(results))
    }

    @Test("A runtime check's evidence is the runtime's only where its control failed on a system run", .needs(.timers, .defaultExecutor))
    func whereTheControlFailed() async throws {
        // On the real executor even where LIBDISPATCH_COOPERATIVE_POOL_STRICT sends system runs to the strict pool.
        let real = QuizScenario("drops", observes: ["drops"], shape: Guard.actor,
                                options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            ["drops": .int(arguments.shape == .actor ? 1 : 99)]
        }
        let validator = RuntimeValidator(catalog: Catalog(scenarios: [real]))
        var model = try dropsCheck(control: "plainClass")
        let inModel = await validator.validate(model)
        #expect(inModel.controlFailedOn == .model)
        #expect(inModel.runs.allSatisfy { $0.on == .model }, "strict and seeds are the harness's model")
        model.schedules = [.strict, .system]
        let onRuntime = await validator.validate(model)
        #expect(onRuntime.controlFailedOn == .runtime, "a system run of the control missed too")
        #expect(onRuntime.runs.map(\.on) == [.model, .runtime])
    }

    @Test("Checks that make the same run on the real runtime share it: one run a scenario and arguments, not one a check", .needs(.timers, .defaultExecutor))
    func systemRunsAreShared() async throws {
        let counted = Mutex<[String: Int]>([:])
        let real = QuizScenario("drops", observes: ["drops"], shape: Guard.actor,
                                options: RunOptions { $0.honoursStrictPoolVariable = false }) { arguments in
            counted.withLock { $0["\(arguments.shape)", default: 0] += 1 }
            return ["drops": .int(arguments.shape == .actor ? 1 : 99)]
        }
        var check = try dropsCheck(control: "plainClass")
        check.schedules = [.system]
        // The control of the third is the claim of the first two; the fourth's claim the control of the others.
        var swapped = check
        swapped.arguments = ["shape": .string("plainClass")]
        swapped.control = .arguments(["shape": .string("actor")], why: "the actor keeps every drop")
        swapped.expect = ["drops": try ValueExpectation(parsing: "\"50...\"")]
        let shared = RuntimeValidator(catalog: Catalog(scenarios: [real]), systemRuns: SystemRuns())
        for one in [check, check, swapped] { #expect(await shared.validate(one).verdict == .validated) }
        #expect(counted.withLock { $0 } == ["actor": 1, "plainClass": 1], "one run of each shape for three checks")
        // Without a record each check runs its own, and runs under the harness are never shared.
        let alone = RuntimeValidator(catalog: Catalog(scenarios: [real]))
        #expect(await alone.validate(check).verdict == .validated)
        #expect(counted.withLock { $0 } == ["actor": 2, "plainClass": 2])
        var modelled = check
        modelled.schedules = [.strict]
        for _ in 0..<2 { #expect(await shared.validate(modelled).verdict == .validated) }
        #expect(counted.withLock { $0 } == ["actor": 4, "plainClass": 4])
    }

    @Test("A validated entry counts once: in the model if any check was validated only there, else on the runtime, else by the compiler")
    func evidenceCounts() {
        func check(_ on: EvidenceSource?, _ verdict: Verdict = .validated) -> CheckResult {
            var result = CheckResult(verdict, observed: "x")
            result.on = on
            return result
        }
        let results = [entry("A", [check(.runtime), check(.model)]), entry("B", [check(.runtime), check(.compiler)]),
                       entry("C", [check(.compiler)]), entry("D", [check(nil, .unguarded("no control"))])]
        #expect(results.map(\.validatedOn) == [.model, .runtime, .compiler, nil])
        #expect(QuizReport.evidence(results)
            == ["validatedOnRuntime": 1, "validatedInModel": 1, "validatedByCompiler": 1])
        #expect(QuizReport.flat(QuizReport.footer(results, seconds: nil).joined(separator: " ")).contains(
            "1 were checked on the runtime, 1 have a check that held only in the harness's model, 1 rest on the compiler alone"))
    }
}

/// An entry's result whose answer is one clause, put at risk by every one of `checks` together.
func entry(_ id: String, _ checks: [CheckResult]) -> EntryResult {
    EntryResult(id: id, checks: checks, clauses: [QuizClause(text: "The answer.", evidence: .checks(Array(checks.indices)))])
}
