@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// What the harness says about its own runs is a claim like any other: each statement it prints is checked here
/// against what the runs really were, counted independently of the code that words it.
@Suite("What the harness says about its runs is true", scaledTimeLimit(minutes: 1))
struct HarnessStatementTests {
    /// The preemptions `interleaving` makes, counted from a fresh replay of it.
    static func preemptions(of interleaving: Interleaving) async throws -> Int {
        try await run(.replay(interleaving)) { await yieldingPours(3) }.trace.filter(\.preempts).count
    }

    @Test("'every one with at most 1 preemption': each schedule of a bounded exploration, replayed, preempts at most once",
          runsWithoutASeed)
    func boundedMeansBounded() async throws {
        let exploration = try await explore("drops", seeds: 10_000, strategy: .exhaustive(preemptionBound: 1)) {
            await yieldingPours(3)
        }
        #expect(exploration.coverage == " — \(exploration.runs.count) schedules, every one with at most 1 preemption (bound 1)")
        var most = 0
        for run in exploration.runs { most = max(most, try await Self.preemptions(of: run.interleaving)) }
        #expect(most == 1, "the bound is 1 and some schedule should use it: the most was \(most)")
    }

    @Test("an exhaustive exploration cut short by its run budget says so, never 'all N schedules'", runsWithoutASeed,
          arguments: [nil, 1])
    func cutShortSaysSo(bound: Int?) async throws {
        let exploration = try await explore("drops", seeds: 5, strategy: .exhaustive(preemptionBound: bound)) {
            await yieldingPours(3)
        }
        #expect(exploration.runs.count == 5 && !exploration.exhausted)
        #expect(exploration.coverage == " — stopped after 5 schedules, the run budget: not every schedule was tried",
                "\(exploration)")
    }

    @Test("'N distinct schedules' counts the distinct interleavings the runs really made")
    func distinctSchedulesAreDistinctInterleavings() async throws {
        let exploration = try await explore("drops", seeds: 40) { await yieldingPours(2) }
        let distinct = Set(exploration.runs.map(\.interleaving)).count
        #expect(exploration.distinctSchedules == distinct, "\(exploration.distinctSchedules) said, \(distinct) made")
        #expect(distinct > 1 && distinct <= 40)
    }

    @Test("'shrunk from k in n runs': k and the result's preemptions are what replays of the two strings make; a budget of one run says it stopped")
    func shrinkSaysWhatItDid() async throws {
        let exploration = try await explore("drops", seeds: 20) { await yieldingPours(3) }
        let failing = try #require(exploration.runs.first { (try? $0.result.get()) != 6 }, "\(exploration)")
        let fails: @Sendable (Result<Int, HarnessFailure>) -> Bool = { (try? $0.get()) != 6 }
        let shrunk = try #require(await exploration.shrink(failing, budget: 300, where: fails))
        #expect(shrunk.original.preemptions == (try await Self.preemptions(of: failing.interleaving)))
        #expect(shrunk.preemptions == (try await Self.preemptions(of: shrunk.interleaving)))
        #expect(shrunk.preemptions <= shrunk.original.preemptions && shrunk.runs <= 300 && !shrunk.stoppedAtBudget)
        let cut = try #require(await exploration.shrink(failing, budget: 1, where: fails))
        #expect(cut.runs <= 1 && cut.stoppedAtBudget, "one run cannot finish shrinking: \(cut.runs) runs")
    }
}
