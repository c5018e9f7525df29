import Foundation
import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import ConcurrencyHarnessTesting
import Testing

/// The bank's compile-time answers: each snippet typechecked (or compiled to SIL or IR) by the toolchain's
/// `swiftc -swift-version 6` (5 where the lesson speaks of the Swift 5 mode), and the diagnostic matched.
// Five minutes, not one: every test here waits for the one compiler slot, so the last in line waits for all the
// bank's snippets. With a cold compile cache and a loaded machine (a CI run and a soak side by side) that took over a
// minute; the limit is only there to turn a hung compiler into a failure.
@Suite("Quiz bank: compile-time answers", scaledTimeLimit(minutes: 5))
struct CompileAnswerTests {
    /// Shared by every case, so the compilers run one at a time beside everyone else's tests (the whole bank's
    /// snippets take a few seconds of one core).
    static let slots = Slots(1)

    @Test("A compile-time answer of the bank is what swiftc says", arguments: QuizTestBank.compile)
    func compilerAgrees(_ item: BankCheck) async throws {
        guard case .compile(let check) = item.check else { return }
        let bank = try QuizTestBank.loaded.get()
        let validator = CompileValidator(snippets: bank.directory + "/snippets")
        try #require(validator.swiftc != nil, "no swiftc found: set QUIZ_SWIFTC or put swiftc on PATH")
        let result = await Self.slots.run { await validator.validate(check) }
        let expected = check.expect.diagnostic ?? check.expect.pattern ?? check.expect.outcome.rawValue
        #expect(result.acceptedByTests, """
            \(item.entry.id): the lesson says \(check.expect.outcome.rawValue) "\(expected)"; \(result.verdict.word): \
            \(result.observed); \(result.controlText). The lesson: "\(item.answerExcerpt)"
            """)
    }

    @Test("A check expecting compiles is validated only if its control (the wrong shape) does not compile")
    func compilesNeedsAControlThatFails() async throws {
        let validator = CompileValidator(snippets: try QuizTestBank.loaded.get().directory + "/snippets")
        try #require(validator.swiftc != nil, "no swiftc found: set QUIZ_SWIFTC or put swiftc on PATH")
        let check = CompileCheck(snippet: "inline", source: "func drops() -> Int { 1 }\n", swiftVersion: 6, mode: .typecheck,
                                 flags: [], topLevel: false, expect: CompileCheck.Expectation(outcome: .compiles),
                                 linux: nil, note: nil)
        /// The check with a control that replaces its body by `body` (nil: no control).
        func judged(_ body: String?) async -> CheckResult {
            var controlled = check
            controlled.control = body.map {
                .counterpart(CompileCounterpart(snippet: nil, replacements: [.init(from: "{ 1 }", to: $0)],
                                                swiftVersion: nil, flags: nil, why: "w"))
            }
            return await Self.slots.run { [controlled] in await validator.validate(controlled) }
        }
        let guarded = await judged("{ \"one\" }")
        #expect(guarded.verdict == .validated && guarded.control?.word == "failed", """
            a snippet that compiles, whose control does not, should be validated by that control failing it; it was \
            \(guarded.verdict) (\(guarded.controlText))
            """)
        let same = await judged("{ 2 }")
        #expect(same.verdict.word == "unguarded" && same.control?.word == "held", """
            a check expecting compiles whose control compiles too could not have failed: it should be unguarded, it \
            was \(same.verdict) (\(same.controlText))
            """)
        #expect(await judged(nil).verdict.word == "unguarded", "a check expecting compiles with no control")
    }

    @Test("A check expecting output is not validated by a control that fails only because it does not compile")
    func outputNeedsAControlThatCompiles() async throws {
        let validator = CompileValidator(snippets: try QuizTestBank.loaded.get().directory + "/snippets")
        try #require(validator.swiftc != nil, "no swiftc found: set QUIZ_SWIFTC or put swiftc on PATH")
        let check = CompileCheck(snippet: "inline", source: "func drops() -> Int { 1 }\n", swiftVersion: 6, mode: .sil,
                                 flags: [], topLevel: false,
                                 expect: CompileCheck.Expectation(outcome: .output, pattern: #"integer_literal \$Builtin.Int64, 1 "#),
                                 linux: nil, note: nil)
        /// The check with a control that replaces its body by `body`.
        func judged(_ body: String) async -> CheckResult {
            var controlled = check
            controlled.control = .counterpart(CompileCounterpart(snippet: nil, replacements: [.init(from: "{ 1 }", to: body)],
                                                                 swiftVersion: nil, flags: nil, why: "w"))
            return await Self.slots.run { [controlled] in await validator.validate(controlled) }
        }
        expectOnlyABuildingControlCounts(broken: await judged("{ undefinedName }"), guarded: await judged("{ 2 }"),
                                         said: "did not compile")
    }

    @Test("A check expecting an error is not validated by a control that fails with an error of its own")
    func errorNeedsAControlThatBringsNoError() async throws {
        let validator = CompileValidator(snippets: try QuizTestBank.loaded.get().directory + "/snippets")
        try #require(validator.swiftc != nil, "no swiftc found: set QUIZ_SWIFTC or put swiftc on PATH")
        // Two functions with the same error; the check is about the first one's.
        let check = CompileCheck(snippet: "inline", source: "func drops() -> Int { \"one\" }\nfunc spills() -> Int { \"two\" }\n",
                                 swiftVersion: 6, mode: .typecheck, flags: [], topLevel: false,
                                 expect: CompileCheck.Expectation(outcome: .error, diagnostic: "cannot convert return expression",
                                                                  at: "func drops"),
                                 linux: nil, note: nil)
        /// The check with a control that replaces the first function's body by `body`.
        func judged(_ body: String) async -> CheckResult {
            var controlled = check
            controlled.control = .counterpart(CompileCounterpart(snippet: nil, replacements: [.init(from: "{ \"one\" }", to: body)],
                                                                 swiftVersion: nil, flags: nil, why: "w"))
            return await Self.slots.run { [controlled] in await validator.validate(controlled) }
        }
        let guarded = await judged("{ 1 }")
        #expect(guarded.verdict == .validated && guarded.control?.word == "failed", """
            a control that takes the expected error away, leaving only the snippet's other one, should validate the \
            check; it was \(guarded.verdict) (\(guarded.controlText))
            """)
        let otherwise = await judged("{ undefinedName }")
        #expect(otherwise.verdict.word == "unguarded" && otherwise.controlText.contains("an error of its own"), """
            a control whose expected error is gone because another one came (here an unknown name) shows nothing \
            about the expected one: the check should be unguarded, it was \(otherwise.verdict) (\(otherwise.controlText))
            """)
    }
}

/// The bank's built-and-run answers: each snippet built as a program at each build's flags (`-Onone`, `-O`), run,
/// and what it printed compared — then its control, which must print otherwise.
// Five minutes, for the same reason: these builds wait for the compile-time answers' slot.
@Suite("Quiz bank: built-and-run answers", scaledTimeLimit(minutes: 5))
struct RunAnswerTests {
    @Test("A built-and-run answer of the bank is what the program prints, and its control prints otherwise",
          arguments: QuizTestBank.run)
    func programAgrees(_ item: BankCheck) async throws {
        guard case .run(let check) = item.check else { return }
        let bank = try QuizTestBank.loaded.get()
        let validator = RunValidator(snippets: bank.directory + "/snippets")
        try #require(validator.compiler.swiftc != nil, "no swiftc found: set QUIZ_SWIFTC or put swiftc on PATH")
        let result = await CompileAnswerTests.slots.run { await validator.validate(check) }
        #expect(result.acceptedByTests, """
            \(item.entry.id): \(result.verdict.word): \(result.observed); \(result.controlText). \
            The lesson: "\(item.answerExcerpt)"
            """)
    }

    @Test("A built-and-run answer is not validated by a control that fails only because it does not build")
    func controlMustBuild() async throws {
        let folder = try ScratchFolder.make("quiz-run-control")
        defer { try? FileManager.default.removeItem(at: folder) }
        try "print(\"hi\")\n".write(to: folder.appendingPathComponent("Hi.swift"), atomically: true, encoding: .utf8)
        let validator = RunValidator(snippets: folder.path)
        try #require(validator.compiler.swiftc != nil, "no swiftc found: set QUIZ_SWIFTC or put swiftc on PATH")
        /// The check that the program prints "hi", with a control that prints `replacement` instead.
        func judged(_ replacement: String) async -> CheckResult {
            let control = CompileControl.counterpart(CompileCounterpart(
                snippet: nil, replacements: [.init(from: "print(\"hi\")", to: replacement)], swiftVersion: nil, flags: nil,
                why: "w"))
            let check = RunCheck(snippet: "Hi.swift", builds: [.init(flags: ["-Onone"], stdout: "hi")], control: control,
                                 note: nil, adapted: nil)
            return await CompileAnswerTests.slots.run { await validator.validate(check) }
        }
        expectOnlyABuildingControlCounts(broken: await judged("print(undefinedName)"), guarded: await judged("print(\"ho\")"),
                                         said: "did not build")
    }
}

/// Expects `broken` (judged with a control that does not build) unguarded, its control's words containing `said`, and
/// `guarded` (a control that builds and differs) validated.
func expectOnlyABuildingControlCounts(broken: CheckResult, guarded: CheckResult, said: String,
                                      sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(broken.verdict.word == "unguarded" && broken.controlText.contains(said), """
        a control that does not build shows nothing whatever the property: the check should be unguarded, it was \
        \(broken.verdict) (\(broken.controlText))
        """, sourceLocation: sourceLocation)
    #expect(guarded.verdict == .validated, "a control that builds and differs: \(guarded.verdict) (\(guarded.controlText))",
            sourceLocation: sourceLocation)
}
