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
        #expect(run.value == 2 * bees, """
            \(bees) bees left \(run.value) drops, not \(2 * bees), under \(run.ranAs): lost \(2 * bees - run.value) \
            drops — pour() must read, change and write with no await between, so no bee comes between
            """)
    }

    @Test("L37 Q7: N bees pour at once → exactly 2N drops, for every seed", arguments: beeCounts)
    func pourIsExactForEverySeed(bees: Int) async throws {
        let exploration = try #require(await exploreRecordingIssues("drops", seeds: bees >= 5_000 ? 10 : 100) {
            try await concurrentPours(bees)
        })
        await expectEveryRun(exploration, """
            \(bees) bees pouring two drops each must leave exactly \(2 * bees): pour() has no await between its \
            read and its write
            """) { $0 == 2 * bees }
    }

    @Test("L37 Q7: 100 bees pour slowly at once → far fewer than 100 drops (exactly 1 on one thread)",
          arguments: realSchedules)
    func slowPoursLoseDrops(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) { try await concurrentSlowPours(100) })
        #expect(run.value < 50, """
            100 slow pours left \(run.value) drops under \(run.ranAs): the lesson loses almost all of them — every \
            pour reads the jar before its await and writes what it saw + 1 after it
            """)
        if run.ranAs == .strict {
            #expect(run.value == 1, """
                on a one-thread pool all 100 bees read 0 before any comes back: 1 drop, not \(run.value) \
                (lost \(100 - run.value) of 100 is the lesson's answer: 99)
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
            10 slow pours, each awaited before the next, left \(run.value) drops under \(run.ranAs): with nobody \
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
