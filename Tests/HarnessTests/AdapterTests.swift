import Foundation
import Harness
@testable import HarnessTesting
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

    @Test("verify(Claim) records one issue for a claim that missed on many seeds: observed first, the claim, the shrunk counterexample with its timeline and replay string, the one as found, then every run once")
    func claimIsOneIssue() async {
        let claim = Claim("ada always writes first", runs: [.seeds(20)],
                          expect: Expectation(every: .that("ada first") { $0.first == "ada" }),
                          control: .none(why: "a test of the adapter's message")) { await notedRace() }
        let issues = await capturingIssues { await verify(claim) }
        #expect(issues.count == 1, "one claim, one issue: \(issues.count) were recorded")
        let text = issues.first ?? ""
        let order = ["[\"bea\", \"ada\"]", "The claim: ada always writes first", "Smallest counterexample found",
                     "✘  the run returned", "replay: HARNESS_SCHEDULE='s1-", "As first found", "Every run ("]
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
        let result = await check(claim)
        let miss = try #require(ClaimReport.shrinkable(result))
        let shrunk = try #require(await claim.shrink(miss))
        let report = ClaimReport(result, shrunk: shrunk)
        let text = try #require(report.issues.first?.text)
        #expect(report.attachments.map(\.name) == ["timeline.txt", "replay.txt"])
        for (name, attached) in report.attachments {
            #expect(!attached.isEmpty && text.contains(attached), "\(name) is what the issue shows first:\n\(attached)\n\(text)")
        }
        #expect(report.attachments.first?.text.contains("✘  the run returned") == true)
        #expect(report.attachments.last?.text.hasPrefix("HARNESS_SCHEDULE='s1-") == true)
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
