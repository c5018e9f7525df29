import Quiz
import Scenarios
import Testing

/// The bank's crash answers: each crash scenario run in a child process (the quiz executable started with
/// `--crash-child`, exactly as `swift run quiz` does), and how it ended matched. One child at a time: a burst of
/// crashing children (each followed by the backtracer) starves the machine long enough to make other suites'
/// half-second waits for the main actor run out.
@Suite("Quiz bank: crash answers", .serialized, .timeLimit(.minutes(1)))
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
        #expect(result.verdict == .validated, """
            \(item.entry.id): the child did not end as the lesson says: \(result.observed). \
            The lesson: "\(item.answerExcerpt)"
            """)
    }
}
