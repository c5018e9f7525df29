import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// The adapter's own promises: each miss becomes an issue that names the schedule or seed and the
/// command that replays it. Each test provokes a miss inside `capturingIssues`, which keeps the issues' texts
/// instead of recording them (a green run prints none), and checks them.
@Suite("The Swift Testing adapter names the seed and the replay command", scaledTimeLimit(minutes: 1))
struct AdapterTests {
    /// The report `verify` would record for `claim`, which must miss: checked, its miss shrunk.
    static func shrunkReport<Outcome>(_ claim: Claim<Outcome>) async throws -> ClaimReport<Outcome> {
        let result = await check(claim)
        let miss = try #require(ClaimReport.shrinkable(result))
        let shrunk = try #require(await claim.shrink(miss))
        return ClaimReport(result, shrunk: shrunk)
    }

    /// Whether one of the captured `issues` says every one of `parts`.
    static func says(_ issues: [String], _ parts: String...) -> Bool {
        issues.contains { text in parts.allSatisfy { text.contains($0) } }
    }

    @Test("a claim's miss under a seed names the seed, with the command that replays it")
    func missNamesTheSeed() async {
        let issues = await capturingIssues {
            await verify(Claim("the first child always goes first", runs: [.seeds(20)],
                               expect: Expectation(every: .that("0 first") { $0.first == 0 }),
                               control: .none(why: "a test of the adapter's message")) { await racingAppends() })
        }
        #expect(Self.says(issues, "the first child always goes first", "under seeded(0x", "HARNESS_SEED=0x",
                          "swift test --filter"), "\(issues)")
    }

    @Test("verify(Claim) records one issue for a claim that missed on many seeds: observed first, the claim, the shrunk counterexample with its timeline and replay string, the one as found, then every run once")
    func claimIsOneIssue() async {
        let claim = Claim("ada always writes first", runs: [.seeds(20)],
                          expect: Expectation(every: .that("ada first") { $0.first == "ada" }),
                          control: .none(why: "a test of the adapter's message")) { await notedRace() }
        let issues = await capturingIssues { await verify(claim) }
        #expect(issues.count == 1, "one claim, one issue: \(issues.count) were recorded")
        let text = issues.first ?? ""
        let order = ["[\"bea\", \"ada\"]", "The claim: ada always writes first", "Smallest counterexample found",
                     "✘  [\"bea\", \"ada\"], expected ada first", "replay: HARNESS_SCHEDULE='s1-", "As first found", "Every run ("]
        let places = order.map { text.range(of: $0)?.lowerBound }
        #expect(!places.contains(nil) && zip(places, places.dropFirst()).allSatisfy { $0! < $1! },
                "in this order: \(order)\n\(text)")
        #expect(text.components(separatedBy: "→").count - 1 == 2, "the distribution once (two outcomes): \(text)")
    }

    @Test("a failing claim's attachments are the timeline it shows first and the line that replays it")
    func attachmentsAreTheShownTimelineAndReplay() async throws {
        let claim = Claim("ada always writes first", runs: [.seeds(20)],
                          expect: Expectation(every: .that("ada first") { $0.first == "ada" }),
                          control: .none(why: "a test of the adapter's message")) { await notedRace() }
        let report = try await Self.shrunkReport(claim)
        let text = try #require(report.issues.first?.text)
        #expect(report.attachments.map(\.name) == ["timeline.txt", "replay.txt"])
        for (name, attached) in report.attachments {
            #expect(!attached.isEmpty && text.contains(attached), "\(name) is what the issue shows first:\n\(attached)\n\(text)")
        }
        #expect(report.attachments.first?.text.contains("✘  the run returned") == true)
        #expect(report.attachments.last?.text.hasPrefix("HARNESS_SCHEDULE='s1-") == true)
    }

    @Test("replaying a string whose run now holds shows that run's timeline, as a warning, and attaches it")
    func heldReplayShowsItsTimeline() async throws {
        var result = await check(Claim("ada and bea both write", runs: [.seeds(1)],
                                       expect: Expectation(every: .that("two names") { $0.count == 2 }),
                                       control: .none(why: "a test of the adapter's message")) { await notedRace() })
        let interleaving = try #require(result.runs.first?.interleaving)
        result.runs[0].schedule = .replay(interleaving)
        let report = ClaimReport(result, replaying: true)
        let shown = try #require(report.issues.first)
        #expect(shown.warning && shown.text.contains("held on the replayed run, replay(s1-")
                && shown.text.contains("✔  the run returned"), "\(shown.text)")
        #expect(report.attachments.map(\.name) == ["timeline.txt"])
        #expect(ClaimReport(result, replaying: false).issues.isEmpty, "without a string in effect a held claim says nothing")
    }

    @Test("a miss in a run with no choice point is one run, whatever the seed: no replay string, the test's own command")
    func noChoicePointIsOneRun() async {
        let claim = Claim("six entries are ten", runs: [.seeds(3, search: .random)], expect: Expectation(every: .that("ten entries") { $0 == 10 }),
                          control: .none(why: "a test of the adapter's message")) { 6 }
        let issues = await capturingIssues { await verify(claim) }
        let text = issues.joined(separator: "\n")
        #expect(issues.count == 1 && !text.contains("HARNESS_SCHEDULE") && !text.contains("s1-")
                    && !text.contains("Smallest counterexample"), "\(text)")
        #expect(Self.says(issues, "6, expected ten entries", "HARNESS_CLAIM=\(claim.key) swift test --filter",
                          "its run had no choice point", "the same run under seeded(0x0000000000000001) and "
                          + "seeded(0x0000000000000002): the scenario has no choice point"), "\(text)")
    }

    @Test("every number of a shrunk counterexample is said for what it counts: the run it was found in, the miss in the claim's words, its preemptions")
    func shrunkNumbersAreLabelled() async {
        let claim = Claim("ada always writes first", runs: [.seeds(20)],
                          expect: Expectation(every: Condition("ada first") { $0.first == "ada" ? nil : "bea wrote first: \($0)" }),
                          control: .none(why: "a test of the adapter's message")) { await notedRace() }
        let text = await capturingIssues { await verify(claim) }.joined(separator: "\n")
        #expect(text.range(of: #"^under (seeded|pct)\(0x[0-9a-f]+(, depth [12])?\), the portfolio's (random walk|PCT at depth [12]) \([67] seeds in 20\), "#
                            + #"seeded run [0-9]+ of 20: "#
                            + #"bea wrote first"#,
                           options: .regularExpression) != nil, "\(text)")
        #expect(text.range(of: #"Smallest counterexample found: bea wrote first: \["bea", "ada"\] — a schedule with [0-9]+ preemptions? \(("#
                            + #"the run as first found had [0-9]+; [0-9]+ replays? to shrink it|as in the run as first found itself: no smaller one in [0-9]+ replays?)\):"#,
                           options: .regularExpression) != nil, "\(text)")
        #expect(text.contains("✘  bea wrote first") && text.contains("HARNESS_CLAIM=\(claim.key)"), "\(text)")
    }

    @Test("a race that no seed showed says how many runs were tried, and a wider slice to rerun")
    func someSaysHowMany() async {
        let issues = await capturingIssues {
            await verify(Claim("eleven appends", runs: [.seeds(10)],
                               expect: Expectation(some: .that("eleven appends") { $0.count == 11 }),
                               control: .none(why: "a test of the adapter's message")) { await racingAppends() })
        }
        // 10 seeds, or this claim's share of a HARNESS_SEEDS slice.
        #expect(Self.says(issues, "eleven appends", "no run of", "showed eleven appends", "HARNESS_SEEDS=0..<10000"),
                "\(issues)")
    }

    @Test("a run that deadlocks is an issue that names the schedule and the replay command")
    func runFailureIsAnIssue() async {
        let issues = await capturingIssues {
            await verify(Claim("the scenario returns", runs: [.seeds(1)], expect: Expectation(every: .that("any") { _ in true }),
                               control: .none(why: "a test of the adapter's message")) {
                let _: Void = await waitForAResumeNobodyMakes()
                return 0
            })
        }
        // It deadlocks before any choice: every schedule is this run, and the test's own command replays it.
        #expect(Self.says(issues, "deadlock under seeded(0x0000000000000000)", "swift test --filter",
                          "its run had no choice point"), "\(issues)")
    }

    @Test("a claim that a run deadlocks says what happened instead when it did not")
    func expectedFailureSaysWhatHappened() async {
        let issues = await capturingIssues {
            await verify(Claim("a deadlock that is not there", runs: [.strict], expect: .fails(.deadlock),
                               control: .none(why: "a test of the adapter's message")) { 42 })
        }
        #expect(Self.says(issues, "a deadlock that is not there", "expected deadlock", "finished with 42"), "\(issues)")
    }

    @Test("a claim that held while its control held too is an issue: the test could not have failed")
    func heldControlIsAnIssue() async {
        let issues = await capturingIssues {
            await verify(Claim("five tasks append ten entries", runs: [.strict],
                               expect: Expectation(every: .that("ten entries") { $0.count == 10 }),
                               control: .counterfactual("the same scenario") { await racingAppends() }) { await racingAppends() })
        }
        #expect(issues.count == 1 && Self.says(issues, "five tasks append ten entries", "control the same scenario held too",
                                               "the check cannot fail"), "\(issues)")
    }
}

/// Two named tasks that each read a shared log's length, yield, then write their name: which writes
/// first depends on the schedule. Each leaves notes, for a timeline.
@Sendable func notedRace() async -> [String] {
    let log = NamedLog()
    await withTaskGroup(of: Void.self) { group in
        for name in ["ada", "bea"] {
            group.addTask(name: name) {
                let seen = await log.names.count
                ScenarioLog.note("reads \(seen)")
                await Task.yield()
                await log.write(name)
                ScenarioLog.note("writes")
            }
        }
    }
    return await log.names
}

/// The names written, in order.
actor NamedLog {
    /// The names, oldest first.
    var names: [String] = []

    /// Adds `name`.
    func write(_ name: String) { names.append(name) }
}
