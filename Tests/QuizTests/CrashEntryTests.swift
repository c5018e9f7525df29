import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import ConcurrencyHarnessTesting
import Testing

/// The bank's crash answers: each crash scenario run in a child process (the quiz executable started with
/// `--crash-child`, exactly as `swift run quiz` does), and how it ended matched. One child at a time: a burst of
/// crashing children (each followed by the backtracer) starves the machine long enough to make other suites'
/// half-second waits for the main actor run out.
@Suite("Quiz bank: crash answers", .serialized, scaledTimeLimit(minutes: 1))
struct CrashAnswerTests {
    @Test("A crash answer of the bank is how its child process ends", arguments: QuizTestBank.crash)
    func childEndsAsTheLessonSays(_ item: BankCheck) async throws {
        guard case .crash(let check) = item.check else { return }
        guard QuizTestBank.catalog.crashes[check.scenario] != nil else {
            recordNotCovered(item, "crash scenario \(check.scenario), from \(QuizTestBank.catalog.pendingCrashes[check.scenario] ?? "nobody yet")")
            return
        }
        let quiz = try #require(QuizTestBank.quizExecutable,
                                "the quiz executable is not next to the test bundle: build it with `swift build`")
        let result = await CrashValidator(executable: quiz, catalog: QuizTestBank.catalog).validate(check)
        #expect(result.acceptedByTests, """
            \(item.entry.id): \(result.verdict.word): \(result.observed); \(result.controlText). \
            The lesson: "\(item.answerExcerpt)"
            """)
    }

    @Test("A crash check whose control crashes the same way is unguarded, never validated")
    func controlThatCrashesTooIsUnguarded() async throws {
        let quiz = try #require(QuizTestBank.quizExecutable,
                                "the quiz executable is not next to the test bundle: build it with `swift build`")
        let validator = CrashValidator(executable: quiz, catalog: QuizTestBank.catalog)
        var check = CrashCheck(scenario: "gcd.unbalancedGroupLeave", environment: [:],
                               expect: CrashCheck.Expectation(exit: .signal), linux: nil, note: nil,
                               control: .counterpart(scenario: "gcd.balancedGroupLeave", environment: nil, why: "balanced"))
        let guarded = await validator.validate(check)
        #expect(guarded.verdict == .validated && guarded.control?.word == "failed", """
            an unbalanced leave() whose control is a balanced one should be validated by that control failing it; \
            it was \(guarded.verdict) (\(guarded.controlText))
            """)
        check.control = .counterpart(scenario: "gcd.unbalancedGroupLeave", environment: nil, why: "the same crash")
        let same = await validator.validate(check)
        #expect(same.verdict.word == "unguarded" && same.control?.word == "none" && same.controlText.contains("no evidence"), """
            a crash check whose control crashes the same way shows nothing either way: it should be unguarded, its \
            control no evidence (never "held too"); it was \(same.verdict) (\(same.controlText))
            """)
        check.control = .counterpart(scenario: "gcd.syncOntoOwnQueue", environment: nil, why: "another crash")
        check.expect.stderr = "dispatch_group_leave"
        let otherwise = await validator.validate(check)
        #expect(otherwise.verdict.word == "unguarded" && otherwise.controlText.contains("crashed too"), """
            a control that crashes otherwise (its stderr names another check) shows nothing about this crash: it should \
            be unguarded, it was \(otherwise.verdict) (\(otherwise.controlText))
            """)
        check.control = nil
        #expect(await validator.validate(check).verdict.word == "unguarded", "a crash check with no control")
    }
}
