import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("Schedules: strict is FIFO, seeds replay, different seeds differ", scaledTimeLimit(minutes: 1))
struct ScheduleTests {
    @Test("strict runs ready jobs first in, first out: children start in the order they were added")
    func strictIsFIFO() async throws {
        let run = try await ConcurrencyHarness.run(.strict) { await racingAppends() }
        #expect(run.value == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4],
                "under the strict pool each child runs to its first suspension in order, then again in order")
    }

    @Test("the same seed gives the same schedule and the same outcome", arguments: [UInt64(0), 1, 7, 0xdead_beef])
    func sameSeedSameSchedule(seed: UInt64) async throws {
        do {
            let run = try await checkDeterminism(seed: seed) { await racingAppends() }
            #expect(run.value.count == 10)
        } catch {
            Issue.record(error)
        }
    }

    @Test("different seeds give many different schedules")
    func differentSeedsDiffer() async throws {
        let exploration = try await explore("interleavings", seeds: 100) { await racingAppends() }
        #expect(exploration.distinctSchedules >= 50,
                "100 seeds should explore many interleavings, found \(exploration.distinctSchedules) (\(exploration))")
        #expect(exploration.distribution.count >= 20, "distinct outcomes: \(exploration.distribution.count)")
    }

    @Test("a seed replays the same outcome run after run")
    func replay() async throws {
        let exploration = try await explore("interleavings", seeds: 20) { await racingAppends() }
        for seeded in exploration.runs.prefix(5) {
            let again = try await ConcurrencyHarness.run(seeded.schedule) { await racingAppends() }
            #expect(again.scheduleHash == seeded.scheduleHash, "seed \(Seed.format(seeded.seed)) replayed another schedule")
            #expect(again.value == (try? seeded.result.get()), "seed \(Seed.format(seeded.seed)) replayed another outcome")
        }
    }
}
