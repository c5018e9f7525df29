import CorpusPrograms
import CorpusCheck
import Harness
import HarnessTesting
import Testing

extension Program: CustomTestStringConvertible {
    /// A case of a parameterised test is named by its program.
    public var testDescription: String { name }
}

/// Seeds each program explores per trial (seeded, the same seeds again, PCT), times `HARNESS_ITERATIONS`, or the
/// `HARNESS_SEEDS` slice: enough to see an escape that shows on one seed in thirty, cheap enough for `swift test`
/// (the whole corpus, its 51 programs in parallel, in a few seconds; most of it the strict runs' real sleeps).
private let seedsPerTrial = 100

@Suite("The differential corpus: ordinary programs give under the harness only what the language allows",
       scaledTimeLimit(minutes: 2, defaultSeeds: seedsPerTrial))
struct CorpusTests {
    /// The programs that get a false verdict from the harness as it stands, recorded as known issues until it mends
    /// them (remove a name when its program agrees; a program on the list that agrees is no failure meanwhile). None
    /// today.
    static let knownFalseVerdicts: Set<String> = []

    @Test("strict ×20, seeded and PCT runs, with default options, give only allowed outcomes; the same seed the same run", .needs(.defaultExecutor, .timers, .outsideWork, .virtualClock),
          arguments: Corpus.programs)
    func agrees(_ program: Program) async {
        let observation: HarnessObservation
        do {
            observation = try await HarnessObservation.observe(program, seeds: seedsPerTrial)
        } catch {
            Issue.record(error)
            return
        }
        let findings = observation.findings
        withKnownIssue("a false verdict of the harness as it stands (CorpusTests.knownFalseVerdicts)", isIntermittent: true) {
            for finding in findings {
                Issue.record(Comment(rawValue: message(finding, of: program)))
            }
        } when: {
            Self.knownFalseVerdicts.contains(program.name)
        }
    }

    @Test("every program's name is unique and its sets are written down")
    func corpusIsWellFormed() {
        let names = Corpus.programs.map(\.name)
        #expect(Set(names).count == names.count, "two programs share a name: \(names)")
        #expect(Corpus.programs.count >= 40, "the corpus holds \(Corpus.programs.count) programs")
        for program in Corpus.programs {
            #expect(!program.because.isEmpty && !program.onTime.isEmpty, "\(program.name) has no argued set")
        }
        #expect(Self.knownFalseVerdicts.isSubset(of: names), "a known false verdict names no program")
    }
}

/// A finding in words: what was observed first, then what the language allows and why, then the first run's
/// schedule and the command that replays it.
func message(_ finding: Finding, of program: Program) -> String {
    let first = finding.runs[0]
    let allowed = finding.trial == .strict ? program.allowedDescription : Program.render(program.onTime)
    var text = "\(program.name), \(finding.trial.rawValue): \(finding.observed) on \(finding.runs.count) of "
        + "\(finding.of) runs, first under \(first.schedule)."
    if case .failure(let failure) = first.result { text += "\nThe harness said: \(failure)" }
    text += "\nThe program: \(program.summary)."
    text += "\nThe language allows \(allowed) there, because \(program.because)."
    if finding.trial == .rerun {
        text += "\nThe same seed must give the same schedule and the same outcome, in any process and at any load."
    }
    text += "\nreplay: \(replayLines(for: first.schedule, interleaving: first.interleaving))"
    return text
}
