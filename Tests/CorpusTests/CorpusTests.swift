import ConcurrencyProofsCorpusPrograms
import ConcurrencyProofsCorpusCheck
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

extension Program: CustomTestStringConvertible {
    /// A case of a parameterised test is named by its program.
    public var testDescription: String { name }
}

/// Seeds each program explores per trial (seeded, the same seeds again, PCT) in each pass, times
/// `HARNESS_ITERATIONS`, or the `HARNESS_SEEDS` slice: enough to see an escape that shows on one seed in thirty, cheap
/// enough for `swift test` (the whole corpus, its programs in parallel, twice over, in well under a minute; most of it
/// the strict runs' real sleeps).
private let seedsPerTrial = 100

/// Passes over each program in this process: the second meets what the first left (a `static let` made at its first
/// use, with a thread, a queue or a timer of its own), as the hundredth test of a process meets what the first made.
private let passes = 2

/// The programs the corpus test runs in this process: all but those known to crash it.
private let observable = Corpus.programs.filter { KnownFalseVerdict.all[$0.name]?.kind != .crash }

/// The programs known to crash the harness, by name: each is observed in a child process, which must crash.
private let crashing = Corpus.programs.map(\.name).filter { KnownFalseVerdict.all[$0]?.kind == .crash }

/// The exit status of a child process that a crash signal ended (`stillCrashes`).
private let crashed: Int32 = 70

/// Whether a `HARNESS_SEED`, `HARNESS_SEEDS` or `HARNESS_SCHEDULE` narrows the seeds, so that a known false verdict
/// may not show in what is left.
private let seedsNarrowed = ["HARNESS_SEED", "HARNESS_SEEDS", "HARNESS_SCHEDULE"].contains {
    ProcessInfo.processInfo.environment[$0] != nil
}

@Suite("The differential corpus: ordinary programs give under the harness only what the language allows",
       scaledTimeLimit(minutes: 2, defaultSeeds: seedsPerTrial))
struct CorpusTests {
    @Test("strict ×20, seeded and PCT runs, twice over in one process, with default options, give only allowed outcomes; the same seed the same run",
          .needs(.defaultExecutor, .timers, .outsideWork, .virtualClock), arguments: observable)
    func agrees(_ program: Program) async {
        let observation: HarnessObservation
        do {
            observation = try await HarnessObservation.observe(program, seeds: seedsPerTrial, passes: passes)
        } catch {
            Issue.record(error)
            return
        }
        let findings = observation.findings
        guard let known = KnownFalseVerdict.all[program.name] else {
            for finding in findings { Issue.record(Comment(rawValue: message(finding, of: program))) }
            return
        }
        // A known false verdict must still show (unless it comes and goes, or the seeds were narrowed): the day the
        // harness mends it, this fails until the program leaves `KnownFalseVerdict.all`. One issue for all its findings.
        withKnownIssue("a known false verdict of the harness: \(known.description)",
                       isIntermittent: known.intermittent || seedsNarrowed) {
            if !findings.isEmpty {
                Issue.record(Comment(rawValue: findings.map { message($0, of: program) }.joined(separator: "\n\n")))
            }
        }
    }

    @Test("a program known to crash the harness still crashes it, in a child process (else it goes back to the corpus test)",
          .needs(.defaultExecutor, .timers, .outsideWork, .virtualClock), arguments: crashing)
    func stillCrashes(_ name: String) async {
        let mended = Comment(rawValue: "\(name) no longer crashes the harness: make it an ordinary program of the "
            + "corpus test again (remove it from KnownFalseVerdict.all)")
        await #expect(processExitsWith: .exitCode(crashed), mended) { [name] in
            // A crash ends the child at once with its own status: no backtrace (a backtracer has been seen to hang
            // for minutes on a crash of two threads), and any other ending is told apart.
            for crash in [SIGSEGV, SIGILL, SIGBUS, SIGABRT, SIGTRAP] {
                signal(crash) { _ in _exit(crashed) }
            }
            guard let program = Corpus.program(named: name) else { exit(0) }
            _ = try? await HarnessObservation.observe(program, seeds: 100, passes: 2)
        }
    }

    @Test("a program whose sections are a Mutex's says its seeded verdict did not explore them; an NSLock's does not",
          .needs(.lockChoicePoints))
    func mutexSectionsNotExplored() async throws {
        let mutex = try await HarnessObservation.observe(try #require(Corpus.program(named: "mutex-check-then-act")),
                                                         seeds: 20, passes: 1).tally
        let nslock = try await HarnessObservation.observe(try #require(Corpus.program(named: "nslock-check-then-act")),
                                                          seeds: 20, passes: 1).tally
        #expect(mutex.notExplored?.hasPrefix("not explored: a Synchronization.Mutex's lock is inline atomics") == true,
                "mutex-check-then-act held on every seed and said nothing of what no seed could pause: \(mutex.trials)")
        #expect(nslock.notExplored == nil, "\(nslock.notExplored ?? "")")
    }

    @Test("every program's name is unique and its sets are written down; every known false verdict names a program")
    func corpusIsWellFormed() {
        let names = Corpus.programs.map(\.name)
        #expect(Set(names).count == names.count, "two programs share a name: \(names)")
        #expect(Corpus.programs.count >= 100, "the corpus holds \(Corpus.programs.count) programs")
        for program in Corpus.programs {
            #expect(!program.because.isEmpty && !program.onTime.isEmpty, "\(program.name) has no argued set")
        }
        let unknown = Set(KnownFalseVerdict.all.keys).subtracting(names)
        #expect(unknown.isEmpty, "known false verdicts name no program: \(unknown.sorted())")
    }
}

/// A finding in words: what was observed first, then what the language allows and why, then the first run's
/// schedule and the command that replays it.
func message(_ finding: Finding, of program: Program) -> String {
    let first = finding.runs[0]
    let allowed = finding.trial == .strict ? program.allowedDescription : Program.render(program.onTime)
    var text = "\(program.name), \(finding): first under \(first.schedule), in the "
        + "\(Finding.ordinal(first.pass)) pass."
    if case .failure(let failure) = first.result { text += "\nThe harness said: \(failure)" }
    text += "\nThe program: \(program.summary)."
    text += "\nThe language allows \(allowed) there, because \(program.because)."
    if finding.trial == .rerun {
        text += "\nThe same seed must give the same schedule and the same outcome, in any process and at any load."
    }
    text += "\nreplay: \(replayLines(for: first.schedule, interleaving: first.interleaving))"
    return text
}
