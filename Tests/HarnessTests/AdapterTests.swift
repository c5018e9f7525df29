import Foundation
import Harness
import HarnessTesting
import Synchronization
import Testing

/// The adapter's own promises: each miss becomes an issue that names the schedule or seed and the
/// command that replays it. Each test provokes a miss inside `capturingIssues`, which keeps the issues' texts
/// instead of recording them (a green run prints none), and checks them.
@Suite("The Swift Testing adapter names the seed and the replay command", scaledTimeLimit(minutes: 1))
struct AdapterTests {
    /// Whether one of the captured `issues` says every one of `parts`.
    static func says(_ issues: [String], _ parts: String...) -> Bool {
        issues.contains { text in parts.allSatisfy { text.contains($0) } }
    }

    @Test("expectEverySeed lists a counterexample seed with its replay command")
    func everySeedNamesTheSeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("appends", seeds: 20) { await racingAppends() })
        let issues = capturingIssues {
            expectEverySeed(exploration, "the first child always goes first") { $0.first == 0 }
        }
        #expect(Self.says(issues, "the first child always goes first", "seed 0x", "HARNESS_SEED=0x", "swift test --filter"),
                "\(issues)")
    }

    @Test("expectEverySeed shows how the first counterexample's tasks interleaved, ending at the failure, then its replay string")
    func everySeedShowsTheTimeline() async throws {
        let exploration = try #require(await exploreRecordingIssues("order", seeds: 20) { await notedRace() })
        let issues = capturingIssues {
            expectEverySeed(exploration, "ada always writes first") { $0.first == "ada" }
        }
        #expect(Self.says(issues, "broke the claim", "The claim: ada always writes first", "ada", "bea", "reads 0",
                          "✘  the run returned", "replay: HARNESS_SCHEDULE='s1-"), "\(issues)")
    }

    @Test("expectEveryRun shows the shrunk counterexample's timeline and replay string before the one first found")
    func everyRunShowsTheShrunkTimelineFirst() async throws {
        let exploration = try #require(await exploreRecordingIssues("order", seeds: 20) { await notedRace() })
        let issues = await capturingIssues {
            await expectEveryRun(exploration, "ada always writes first") { $0.first == "ada" }
        }
        #expect(issues.contains { text in
            guard let smallest = text.range(of: "Smallest counterexample found"), let first = text.range(of: "As first found"),
                  let replay = text.range(of: "replay: HARNESS_SCHEDULE='s1-") else { return false }
            return smallest.lowerBound < replay.lowerBound && replay.lowerBound < first.lowerBound
                && text[smallest.lowerBound..<first.lowerBound].contains("✘  the run returned")
        }, "\(issues)")
    }

    @Test("verify(Claim) shows a seeded counterexample shrunk, with its timeline and replay string, before the one as found")
    func claimShowsTheShrunkTimelineFirst() async {
        let claim = Claim("ada always writes first", runs: [.seeded(20)],
                          expect: Expectation(every: .that("ada first") { $0.first == "ada" }),
                          control: .none(why: "a test of the adapter's message")) { await notedRace() }
        let issues = await capturingIssues { await verify(claim) }
        let shrunkFirst = issues.filter { text in
            // Every counterexample is an issue; the first alone is shrunk.
            if let observed = text.range(of: "[\"bea\", \"ada\"]"), let smallest = text.range(of: "Smallest counterexample found"),
               let replay = text.range(of: "replay: HARNESS_SCHEDULE='s1-"), let first = text.range(of: "As first found"),
               observed.lowerBound < smallest.lowerBound, smallest.lowerBound < replay.lowerBound,
               replay.lowerBound < first.lowerBound, text[smallest.lowerBound..<first.lowerBound].contains("✘  the run returned") {
                return true
            }
            return false
        }.count
        // Each issue is a counterexample of the claim, or "…and N more of 20 runs" (of this claim's share of a
        // HARNESS_SEEDS slice).
        #expect(!issues.isEmpty && issues.allSatisfy { text in
            text.contains("ada always writes first") || text.range(of: #"more of \d+ runs"#, options: .regularExpression) != nil
        }, "\(issues)")
        #expect(shrunkFirst == 1, "one issue, the first counterexample's, shows it shrunk before it as found")
    }

    @Test("expectSomeSeed says how many seeds it tried when a bug never showed")
    func someSeedSaysHowMany() async throws {
        let exploration = try #require(await exploreRecordingIssues("appends", seeds: 10) { await racingAppends() })
        let issues = capturingIssues {
            expectSomeSeed(exploration, "eleven appends") { $0.count == 11 }
        }
        // 10 seeds, or this explorer's share of a HARNESS_SEEDS slice.
        #expect(Self.says(issues, "eleven appends", "Never happened in \(exploration.runs.count) seeds", "HARNESS_SEEDS="),
                "\(issues)")
    }

    @Test("a harness failure under a run becomes an issue with the schedule and the replay command")
    func runFailureIsAnIssue() async {
        let issues = await capturingIssues {
            _ = await runRecordingIssues(.seeded(0x2a)) {
                let _: Void = await waitForAResumeNobodyMakes()
            }
        }
        #expect(Self.says(issues, "deadlock under seeded(0x000000000000002a)", "HARNESS_SEED=0x000000000000002a swift test"),
                "\(issues)")
    }

    @Test("expectFailure says what happened instead when the expected failure did not")
    func expectFailureSaysWhatHappened() async {
        let issues = await capturingIssues {
            await expectFailure(.deadlock, under: .strict, "a deadlock that is not there") { 42 }
        }
        #expect(Self.says(issues, "a deadlock that is not there", "expected deadlock", "finished with 42"), "\(issues)")
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
