import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import ConcurrencyHarnessTesting
import Testing

/// The bank's answers that need Swift 6.4 (withTaskCancellationShield, the noncopyable Continuation): on an
/// older compiler these tests are disabled — reported as skipped, never as passed.
@Suite("Quiz bank: answers that need Swift 6.4", scaledTimeLimit(minutes: 1))
struct Swift64AnswerTests {
    @Test("An answer that needs Swift 6.4 holds", .enabled(if: ToolchainVersion.current >= ToolchainVersion(6, 4),
                                                            "needs Swift 6.4"),
          arguments: QuizTestBank.gated(orEarlier: false))
    func answerHolds(_ item: BankCheck) async {
        await verifyGated(item)
    }
}

/// The bank's claims about an older compiler's rules (the architecture seed's "Swift 5.10 will enforce"): checked
/// only by that compiler, so disabled — reported as skipped — here.
@Suite("Quiz bank: answers about Swift 5.10", scaledTimeLimit(minutes: 1))
struct Swift510AnswerTests {
    @Test("An answer about Swift 5.10's rules holds", .enabled(if: ToolchainVersion.current <= ToolchainVersion(5, 10),
                                                               "needs Swift 5.10"),
          arguments: QuizTestBank.gated(orEarlier: true))
    func answerHolds(_ item: BankCheck) async {
        await verifyGated(item)
    }
}

/// Runs a gated check of any kind, as the matching bank test would.
func verifyGated(_ item: BankCheck) async {
    switch item.check {
    case .runtime:
        await verifyRuntime(item)
    case .compile(let check):
        guard case .success(let bank) = QuizTestBank.loaded else { return }
        let result = await CompileValidator(snippets: bank.directory + "/snippets").validate(check)
        #expect(result.verdict == .validated, "\(item.entry.id): \(result.observed)")
    case .run(let check):
        guard case .success(let bank) = QuizTestBank.loaded else { return }
        let result = await RunValidator(snippets: bank.directory + "/snippets").validate(check)
        #expect(result.verdict == .validated, "\(item.entry.id): \(result.observed)")
    case .crash(let check):
        let result = await CrashValidator(executable: QuizTestBank.quizExecutable, catalog: QuizTestBank.catalog)
            .validate(check)
        #expect(result.verdict == .validated, "\(item.entry.id): \(result.observed)")
    case .appleOnly, .toolchain:
        Issue.record("\(item.entry.id): a gated check holds another gate; nothing here can run it")
    }
}
