import Harness
import HarnessTesting
import Scenarios
import Testing

/// Lesson 37, steps 6 and 7: the jar is exact between awaits, and free at every await.
@Suite("L37 Jar: exact between awaits, free at every await", .timeLimit(.minutes(1)))
struct JarTests {
    /// How many bees pour at once.
    static let beeCounts = [1, 10, 100, 500, 5_000]

    @Test("L37 Q7: N bees pour at once → exactly 2N drops", arguments: realSchedules, beeCounts)
    func pourIsExact(schedule: Schedule, bees: Int) async throws {
        let run = try #require(await runRecordingIssues(schedule) { try await concurrentPours(bees) })
        guard run.value != 2 * bees else { return }
        // What one bee alone pours tells a race from a pour() that is simply wrong.
        let alone = bees == 1 ? run.value : await runRecordingIssues(schedule) { try await concurrentPours(1) }?.value
        Issue.record(Comment(rawValue: Self.pourMessage(bees: bees, left: run.value, alone: alone, under: run.ranAs)))
    }

    /// What the bees left, first; then why — a race only if one bee alone pours her two drops right.
    static func pourMessage(bees: Int, left: Int, alone: Int?, under schedule: Schedule) -> String {
        let observed = bees == 1
            ? "1 bee alone left \(counted(left, "drop")), not 2, under \(schedule)"
            : "\(counted(bees, "bee")) at once left \(counted(left, "drop")), not \(2 * bees), under \(schedule)"
        guard let alone else {
            return "\(observed); one bee alone could not be run to tell a race from a wrong pour()"
        }
        if alone != 2 {
            return "\(observed): pour() adds \(counted(alone, "drop")), not two, even for a bee alone in the jar — "
                + "no other bee was there, so this is not a race"
        }
        let difference = left < 2 * bees ? "lost \(counted(2 * bees - left, "drop"))" : "gained \(counted(left - 2 * bees, "drop"))"
        return "\(observed): \(difference), though one bee alone pours her 2 — so bees came between one another: "
            + "pour() must read, change and write with no await between, so no bee comes between"
    }

    @Test("L37 Q7: N bees pour at once → exactly 2N drops, for every seed", arguments: beeCounts)
    func pourIsExactForEverySeed(bees: Int) async throws {
        let exploration = try #require(await exploreRecordingIssues("drops", seeds: bees >= 5_000 ? 10 : 100) {
            try await concurrentPours(bees)
        })
        let claim = bees == 1
            ? "1 bee alone pouring two drops must leave exactly 2"
            : "\(bees) bees pouring two drops each must leave exactly \(2 * bees): pour() has no await between its read "
                + "and its write, so no bee comes between"
        await expectEveryRun(exploration, claim) { $0 == 2 * bees }
    }

    @Test("L37 Q7: 100 bees pour slowly at once → far fewer than 100 drops (exactly 1 on one thread)",
          arguments: realSchedules)
    func slowPoursLoseDrops(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) { try await concurrentSlowPours(100) })
        #expect(run.value < 50, """
            100 slow pours left \(counted(run.value, "drop")) under \(run.ranAs): the lesson loses almost all of them — every \
            pour reads the jar before its await and writes what it saw + 1 after it
            """)
        if run.ranAs == .strict {
            #expect(run.value == 1, """
                100 slow pours left \(counted(run.value, "drop")) on a one-thread pool, not 1: there every bee reads 0 \
                before any comes back, so the lesson's answer is 1 drop (99 of the 100 lost)
                """)
        }
    }

    @Test("L37 Q7: 100 bees pour slowly at once → drops lost, for every seed")
    func slowPoursLoseDropsForEverySeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("drops") { try await concurrentSlowPours(100) })
        expectEverySeed(exploration, """
            100 slow pours at once must lose drops: every pour reads the jar before its await and writes after it
            """) { $0 < 100 }
    }

    @Test("L37 step 7: slow pours one after another → nothing lost", arguments: realSchedules)
    func slowPoursInTurnLoseNothing(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) { try await slowPoursOneAfterAnother(10) })
        #expect(run.value == 10, """
            10 slow pours, each awaited before the next, left \(counted(run.value, "drop")) under \(run.ranAs): with nobody \
            else in the jar while a bee is away, none may be lost
            """)
    }

    @Test("L37 step 7: 100 slow pours one after another → 100 drops, for every seed")
    func slowPoursInTurnLoseNothingForEverySeed() async throws {
        let exploration = try #require(await exploreRecordingIssues("drops") { try await slowPoursOneAfterAnother(100) })
        expectEverySeed(exploration, """
            100 slow pours one after another must leave 100 drops: nobody else is in the jar while a bee is away
            """) { $0 == 100 }
    }
}
