import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import Testing

/// An account whose withdrawal checks the balance, suspends, then takes the money: two withdrawals can both pass the
/// check. It leaves no notes.
actor OverdrawnAccount {
    /// The money left.
    var balance = 100

    /// Takes `amount` if the balance covered it when asked.
    func withdraw(_ amount: Int) async {
        guard balance >= amount else { return }
        await Task.yield()
        balance -= amount
    }
}

/// Three unnamed tasks and no notes: the scenario and two child tasks, each withdrawing 80 of 100.
@Sendable func twoWithdrawals() async -> Int {
    let account = OverdrawnAccount()
    async let first: Void = account.withdraw(80)
    async let second: Void = account.withdraw(80)
    _ = await (first, second)
    return await account.balance
}

@Suite("A timeline without notes, from the harness's own events", scaledTimeLimit(minutes: 1))
struct NoteFreeTimelineTests {
    @Test("an unnamed, note-free scenario of three tasks fails with a three-column timeline of actors and suspensions, also attached")
    func threeColumnsOfSteps() async throws {
        let claim = Claim("two withdrawals of 80 never overdraw 100", runs: [.seeds(20)],
                          expect: Expectation(every: .that("not overdrawn") { $0 >= 0 }),
                          control: .none(why: "a test of the timeline")) { await twoWithdrawals() }
        let report = try await AdapterTests.shrunkReport(claim)
        let text = try #require(report.issues.first?.text)
        let timeline = try #require(report.attachments.first { $0.name == "timeline.txt" }?.text)
        #expect(text.contains(timeline), "the issue shows the attached timeline:\n\(timeline)\n\(text)")
        let lines = timeline.split(separator: "\n").map(String.init)
        let header = try #require(lines.first)
        #expect(header.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
                    == ["scenario", "task", "1", "task", "2"], "three columns: \(header)\n\(timeline)")
        #expect(timeline.contains("via OverdrawnAccount"), "the actor: \(timeline)")
        #expect(timeline.contains("suspends for an actor") && timeline.contains("┊"), "suspensions: \(timeline)")
        #expect(!timeline.contains("no steps"), "\(timeline)")
        #expect(lines.last?.contains("✘  the run returned -60") == true, "\(timeline)")
    }

    @Test("a sleep and its wake-up, at the virtual time it woke, and a hop to the main actor", .needs(.timers))
    func sleepsAndWakes() async throws {
        let run = try await run(.seeded(1)) { () -> Int in
            try? await Task.sleep(for: .milliseconds(10))
            await MainActor.run { _ = 0 }
            return 1
        }
        let texts = run.timeline.entries.map { "\($0.task): \($0.text)" }
        #expect(texts.contains { $0.hasPrefix("scenario") && $0.contains("sleeps 10 ms") }, "\(texts)")
        #expect(texts.contains { $0.hasPrefix("scenario") && $0.contains("wakes up at 10 ms") }, "\(texts)")
        #expect(texts.contains("scenario: on MainActor: yields"), "\(texts)")
    }

    @Test("the same seed gives the same note-free timeline in a second run, though the runtime's task ids differ")
    func sameSeedSameTimeline() async throws {
        let first = try await run(.seeded(7)) { await twoWithdrawals() }
        let second = try await run(.seeded(7)) { await twoWithdrawals() }
        #expect(!first.timeline.entries.isEmpty && first.timeline == second.timeline)
    }

    @Test("a strict sleep shows the duration it asked for", .needs(.timers, .virtualClock))
    func strictSleepsHaveADuration() async throws {
        let run = try await run(.strict) { () -> Int in
            try? await Task.sleep(for: .milliseconds(10))
            return 1
        }
        let texts = run.timeline.entries.map { "\($0.task): \($0.text)" }
        #expect(texts.contains { $0.hasPrefix("scenario") && $0.contains("sleeps 10 ms") }, "\(texts)")
    }

    @Test("a run longer than the record keeps its start and its end, and says how much between is not kept")
    func longRunKeepsItsEnd() async throws {
        let run = try await run(.strict) { () -> Int in
            // Two named tasks, one at the start and one at the end: each leaves a row only if its events were kept.
            await Task(name: "first") { await Task.yield() }.value
            for _ in 0..<20_000 { await Task.yield() }
            await Task(name: "last") { await Task.yield() }.value
            return 1
        }
        let tasks = Set(run.timeline.entries.map(\.task))
        #expect(tasks.contains("first") && tasks.contains("last"), "\(tasks)")
        #expect(run.timeline.dropped > 0)
        #expect(run.timeline.render().contains("events between the run's first and its latest not kept"))
    }

    @Test("notes, when a scenario leaves them, are the timeline's rows, as before")
    func notesStayTheRows() async throws {
        let run = try await run(.strict) { await threeUnnamedTasksNote() }
        #expect(run.timeline.entries.allSatisfy { $0.text.hasSuffix("starts") || $0.text.hasSuffix("ends") })
    }
}
