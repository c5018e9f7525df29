import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import Testing

/// One check of one bank entry: what a parameterised test runs.
struct BankCheck: Sendable, CustomTestStringConvertible {
    /// The entry the check validates.
    var entry: QuizEntry
    /// The check's position among the entry's checks.
    var index: Int
    /// The check.
    var check: QuizCheck

    /// `L37-C13 #1 runtime jar.pourSlowly`: how the test case is named in the output and in `--filter`.
    var testDescription: String {
        let what: String
        switch check {
        case .runtime(let runtime): what = runtime.scenario
        case .compile(let compile): what = compile.snippet + (compile.swiftVersion == 5 ? " (Swift 5)" : "")
        case .run(let run): what = run.snippet
        case .crash(let crash): what = crash.scenario
        case .appleOnly: what = "apple-only"
        case .toolchain(let requirement, _, _): what = "needs \(requirement)"
        }
        return "\(entry.id) #\(index + 1) \(check.kindName) \(what)"
    }

    /// The lesson's answer, shortened for a failure message.
    var answerExcerpt: String {
        let flat = entry.answer.replacingOccurrences(of: "\n", with: " ")
        return flat.count <= 160 ? flat : String(flat.prefix(157)) + "…"
    }
}

/// The package's bank, loaded once for every test, and its checks sorted by kind.
enum QuizTestBank {
    /// The bank, or why it could not be loaded (a test reports it).
    static let loaded: Result<QuizBank, QuizBankError> = Result { () throws(QuizBankError) in try BankLocation.load(catalog: .standard) }

    /// The catalog the bank is checked against.
    static let catalog = Catalog.standard

    /// Every check of every entry, with the toolchain requirements this compiler meets unwrapped.
    static let checks: [BankCheck] = {
        guard case .success(let bank) = loaded else { return [] }
        return bank.entries.flatMap { entry in
            entry.checks.enumerated().map { BankCheck(entry: entry, index: $0.offset, check: $0.element) }
        }
    }()

    /// Whether a runtime check must run in a process of its own: it uses the real pool, the main actor or a global
    /// actor, which every suite of this test process shares — it would disturb them, and they it.
    static func needsOwnProcess(_ check: RuntimeCheck) -> Bool {
        check.schedules.contains(.system) || catalog.scenarios[check.scenario]?.sharesTheProcess == true
    }

    /// Runtime checks under the harness only (strict, seeded): these run here, in parallel.
    static let harnessRuntime = checks.filter { item in
        if case .runtime(let check) = item.check { return !needsOwnProcess(check) }
        return false
    }

    /// Runtime checks that use what the process shares: each runs in a quiz process of its own.
    static let ownProcessRuntime = checks.filter { item in
        if case .runtime(let check) = item.check { return needsOwnProcess(check) }
        return false
    }

    /// Compile checks.
    static let compile = checks.filter { if case .compile = $0.check { true } else { false } }

    /// Run checks.
    static let run = checks.filter { if case .run = $0.check { true } else { false } }

    /// Crash checks.
    static let crash = checks.filter { if case .crash = $0.check { true } else { false } }

    /// The checks inside toolchain requirements, unwrapped: those that need a later compiler (`6.4`) or an
    /// earlier one (`...5.10`).
    static func gated(orEarlier: Bool) -> [BankCheck] {
        checks.compactMap { item in
            guard case .toolchain(let requirement, _, let inner?) = item.check, requirement.orEarlier == orEarlier else {
                return nil
            }
            return BankCheck(entry: item.entry, index: item.index, check: inner.check)
        }
    }

    /// The quiz executable next to this test bundle: crash checks start it as their child, as `swift run quiz`
    /// does (an exit test's child has the backtracer switched off, and the backtrace is all a libdispatch trap
    /// leaves on Linux). Found from this bundle's own image, not from the process: on a Mac the process is the
    /// toolchain's test helper, which loaded the bundle from the build folder.
    static let quizExecutable: String? = {
        guard let path = CrashValidator.imagePath(containing: #dsohandle) else { return nil }
        var url = URL(fileURLWithPath: path).resolvingSymlinksInPath().deletingLastPathComponent()
        // On Apple platforms the test bundle's executable sits in Contents/MacOS inside the .xctest; on Linux the
        // .xctest is the executable itself.
        while url.pathComponents.contains(where: { $0.hasSuffix(".xctest") }) { url.deleteLastPathComponent() }
        let quiz = url.appendingPathComponent("quiz").path
        return FileManager.default.isExecutableFile(atPath: quiz) ? quiz : nil
    }()
}

/// Records that `item` cannot run yet (its scenario is still being written), as a known issue: the test shows as
/// an expected failure, never as a pass.
func recordNotCovered(_ item: BankCheck, _ reason: String, sourceLocation: SourceLocation = #_sourceLocation) {
    withKnownIssue("\(item.entry.id) is not covered yet: \(reason)", sourceLocation: sourceLocation) {
        Issue.record("not covered: \(reason)", sourceLocation: sourceLocation)
    }
}

extension CheckResult {
    /// What a test accepts of the quiz's verdict: validated, or unguarded because the bank says no control can
    /// exist (`"control": "none"`, with its why) — nothing was observed wrong. A control that held too is a failure:
    /// the check cannot tell right from wrong.
    var acceptedByTests: Bool {
        verdict == .validated || (verdict.word == "unguarded" && control?.word == "none")
    }

    /// The control's result in words, for a failure's message.
    var controlText: String {
        control.map { "\($0)" } ?? "no control run"
    }
}
