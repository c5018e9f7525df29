import Foundation
import Harness
import HarnessTesting
import Synchronization
import Testing

/// The adapter's own promises: each miss becomes an issue that names the schedule or seed and the
/// command that replays it. Each test provokes a miss inside `withKnownIssue` and checks its text.
@Suite("The Swift Testing adapter names the seed and the replay command", scaledTimeLimit(minutes: 1))
struct AdapterTests {
    /// What a green run prints under each of these known issues: they are provoked on purpose.
    static let onPurpose: Comment = "provoked on purpose: this test checks the text the adapter records for a miss"

    /// Whether any comment of `issue` contains every one of `parts`.
    static func says(_ issue: Issue, _ parts: String...) -> Bool {
        let text = issue.comments.map(\.rawValue).joined(separator: "\n") + "\(issue)"
        return parts.allSatisfy { text.contains($0) }
    }

    @Test("expectEverySeed lists a counterexample seed with its replay command")
    func everySeedNamesTheSeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("appends", seeds: 20) { await racingAppends() })
        withKnownIssue(Self.onPurpose) {
            expectEverySeed(exploration, "the first child always goes first") { $0.first == 0 }
        } matching: { issue in
            Self.says(issue, "the first child always goes first", "seed 0x", "HARNESS_SEED=0x", "swift test --filter")
        }
    }

    @Test("expectEverySeed shows how the first counterexample's tasks interleaved, ending at the failure, then its replay string")
    func everySeedShowsTheTimeline() async throws {
        let exploration = try #require(await exploreRecordingIssues("order", seeds: 20) { await notedRace() })
        withKnownIssue(Self.onPurpose) {
            expectEverySeed(exploration, "ada always writes first") { $0.first == "ada" }
        } matching: { issue in
            Self.says(issue, "broke the claim", "The claim: ada always writes first", "ada", "bea", "reads 0",
                      "✘  the run returned", "replay: HARNESS_SCHEDULE='s1-")
        }
    }

    @Test("expectEveryRun shows the shrunk counterexample's timeline and replay string before the one first found")
    func everyRunShowsTheShrunkTimelineFirst() async throws {
        let exploration = try #require(await exploreRecordingIssues("order", seeds: 20) { await notedRace() })
        await withKnownIssue(Self.onPurpose) {
            await expectEveryRun(exploration, "ada always writes first") { $0.first == "ada" }
        } matching: { issue in
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            guard let smallest = text.range(of: "Smallest counterexample found"), let first = text.range(of: "As first found"),
                  let replay = text.range(of: "replay: HARNESS_SCHEDULE='s1-") else { return false }
            return smallest.lowerBound < replay.lowerBound && replay.lowerBound < first.lowerBound
                && text[smallest.lowerBound..<first.lowerBound].contains("✘  the run returned")
        }
    }

    @Test("verify(Claim) shows a seeded counterexample shrunk, with its timeline and replay string, before the one as found")
    func claimShowsTheShrunkTimelineFirst() async {
        let claim = Claim("ada always writes first", runs: [.seeded(20)],
                          expect: Expectation(every: .that("ada first") { $0.first == "ada" }),
                          control: .none(why: "a test of the adapter's message")) { await notedRace() }
        let shrunkFirst = Mutex(0)
        await withKnownIssue(Self.onPurpose) {
            await verify(claim)
        } matching: { issue in
            // Every counterexample is an issue; the first alone is shrunk.
            let text = issue.comments.map(\.rawValue).joined(separator: "\n")
            if let observed = text.range(of: "[\"bea\", \"ada\"]"), let smallest = text.range(of: "Smallest counterexample found"),
               let replay = text.range(of: "replay: HARNESS_SCHEDULE='s1-"), let first = text.range(of: "As first found"),
               observed.lowerBound < smallest.lowerBound, smallest.lowerBound < replay.lowerBound,
               replay.lowerBound < first.lowerBound, text[smallest.lowerBound..<first.lowerBound].contains("✘  the run returned") {
                shrunkFirst.withLock { $0 += 1 }
            }
            // "…and N more of 20 runs", or of this claim's share of a HARNESS_SEEDS slice.
            return text.contains("ada always writes first") || text.range(of: #"more of \d+ runs"#, options: .regularExpression) != nil
        }
        #expect(shrunkFirst.withLock { $0 } == 1, "one issue, the first counterexample's, shows it shrunk before it as found")
    }

    @Test("expectSomeSeed says how many seeds it tried when a bug never showed")
    func someSeedSaysHowMany() async throws {
        let exploration = try #require(await exploreRecordingIssues("appends", seeds: 10) { await racingAppends() })
        withKnownIssue(Self.onPurpose) {
            expectSomeSeed(exploration, "eleven appends") { $0.count == 11 }
        } matching: { issue in
            // 10 seeds, or this explorer's share of a HARNESS_SEEDS slice.
            Self.says(issue, "eleven appends", "Never happened in \(exploration.runs.count) seeds", "HARNESS_SEEDS=")
        }
    }

    @Test("a harness failure under a run becomes an issue with the schedule and the replay command")
    func runFailureIsAnIssue() async {
        await withKnownIssue(Self.onPurpose) {
            _ = await runRecordingIssues(.seeded(0x2a)) {
                let _: Void = await waitForAResumeNobodyMakes()
            }
        } matching: { issue in
            Self.says(issue, "deadlock under seeded(0x000000000000002a)", "HARNESS_SEED=0x000000000000002a swift test")
        }
    }

    @Test("expectFailure says what happened instead when the expected failure did not")
    func expectFailureSaysWhatHappened() async {
        await withKnownIssue(Self.onPurpose) {
            await expectFailure(.deadlock, under: .strict, "a deadlock that is not there") { 42 }
        } matching: { issue in
            Self.says(issue, "a deadlock that is not there", "expected deadlock", "finished with 42")
        }
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
