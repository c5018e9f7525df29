@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Appends racing, then waits for a resume nobody makes: a seeded run cut short by a deadlock after some choices.
@Sendable func racesThenWaitsForever() async -> Int {
    let appended = await racingAppends()
    return appended.count + (await waitsForever())
}

/// A failure's replay line replays it: the choices up to the cut, marked as a cut (`:n!`).
@Suite("A run cut short by a failure replays to the same cut", scaledTimeLimit(minutes: 1))
struct CutReplayTests {
    @Test("a deadlocked seeded run prints its choices up to the cut, and replaying them ends at the same cut",
          arguments: [UInt64(3), 11, 0xbeef])
    func deadlockReplays(seed: UInt64) async throws {
        let failure: HarnessFailure
        do {
            _ = try await run(.seeded(seed)) { await racesThenWaitsForever() }
            Issue.record("the scenario must deadlock")
            return
        } catch {
            failure = error
        }
        let printed = try #require(failure.interleaving, "a seeded run's failure can be replayed")
        #expect(printed.description.hasSuffix(":\(failure.choices.count)!/\(Interleaving.Build.current)"),
                "the cut is marked, then the build: \(printed)")
        let parsed = try #require(Interleaving(parsing: printed.description))
        #expect(parsed == printed)
        do {
            _ = try await run(.replay(parsed)) { await racesThenWaitsForever() }
            Issue.record("the replay must deadlock too")
        } catch {
            #expect(error.kind == .deadlock)
            #expect(parsed.misfit(error.trace, cutShort: true) == nil, "the replay is cut at the same place: \(error.trace.count)")
            #expect(error.choices == failure.choices, "the same choices up to the cut")
        }
    }

    @Test("a replay of a cut run that goes on to finish says the failure did not recur, not that another test printed it")
    func cutThatDidNotRecur() async throws {
        // A blocked thread after one job under load printed `s1-:0` once, and its replay said "does not fit".
        let cut = try #require(Interleaving(parsing: "s1-:0!"))
        #expect(cut.cut && cut.points == 0)
        let finished = try await run(.replay(Interleaving([]))) { await racingAppends() }
        #expect(cut.passedTheCut(finished.trace), "the replay made the string's (no) choices and went past the cut")
        #expect(HarnessFailure.cutDidNotRecur(cut).summary.contains("did not recur"))
        let uncut = try #require(Interleaving(parsing: "s1-:0"))
        #expect(!uncut.passedTheCut(finished.trace), "a string without the mark is a whole run: its misfit stays a misfit")
    }

    @Test("a failure on the strict or the real pool has no interleaving to print")
    func unreplayable() {
        #expect(HarnessFailure(.deadlock, schedule: .strict, summary: "").interleaving == nil)
        #expect(HarnessFailure(.timedOut, schedule: .system, summary: "").interleaving == nil)
        #expect(HarnessFailure(.deadlock, schedule: .seeded(1), summary: "").interleaving?.cut == true)
    }
}
