import Harness
import HarnessTesting
import Testing

/// The adapter's own promises: each miss becomes an issue that names the schedule or seed and the
/// command that replays it. Each test provokes a miss inside `withKnownIssue` and checks its text.
@Suite("The Swift Testing adapter names the seed and the replay command", .timeLimit(.minutes(1)))
struct AdapterTests {
    /// Whether any comment of `issue` contains every one of `parts`.
    static func says(_ issue: Issue, _ parts: String...) -> Bool {
        let text = issue.comments.map(\.rawValue).joined(separator: "\n") + "\(issue)"
        return parts.allSatisfy { text.contains($0) }
    }

    @Test("expectEverySeed lists a counterexample seed with its replay command")
    func everySeedNamesTheSeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("appends", seeds: 20) { await racingAppends() })
        withKnownIssue {
            expectEverySeed(exploration, "the first child always goes first") { $0.first == 0 }
        } matching: { issue in
            Self.says(issue, "the first child always goes first", "seed 0x", "SUBJECTS_SEED=0x", "swift test --filter")
        }
    }

    @Test("expectSomeSeed says how many seeds it tried when a bug never showed")
    func someSeedSaysHowMany() async throws {
        let exploration = try #require(await exploreRecordingIssues("appends", seeds: 10) { await racingAppends() })
        withKnownIssue {
            expectSomeSeed(exploration, "eleven appends") { $0.count == 11 }
        } matching: { issue in
            Self.says(issue, "eleven appends", "Never happened in 10 seeds", "SUBJECTS_SEEDS=")
        }
    }

    @Test("a harness failure under a run becomes an issue with the schedule and the replay command")
    func runFailureIsAnIssue() async {
        await withKnownIssue {
            _ = await runRecordingIssues(.seeded(0x2a)) {
                await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
            }
        } matching: { issue in
            Self.says(issue, "deadlock under seeded(0x000000000000002a)", "SUBJECTS_SEED=0x000000000000002a swift test")
        }
    }

    @Test("expectFailure says what happened instead when the expected failure did not")
    func expectFailureSaysWhatHappened() async {
        await withKnownIssue {
            await expectFailure(.deadlock, under: .strict, "a deadlock that is not there") { 42 }
        } matching: { issue in
            Self.says(issue, "a deadlock that is not there", "expected deadlock", "finished with 42")
        }
    }
}
