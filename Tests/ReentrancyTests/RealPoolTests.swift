import Harness
import HarnessTesting
import Scenarios
import Testing

/// Lesson 38, actors questions 12, 13 and 14 on the real shared pool. These claims are about real threads, so they
/// run under `.system` only, and one at a time: one of them blocks the whole pool on purpose (for a bounded moment),
/// which would disturb the others' measurements.
@Suite("L38 on the real shared pool (one at a time)", .serialized, scaledTimeLimit(minutes: 1))
struct RealPoolTests {
    /// The pool's threads here: one per core, or one under `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1`.
    static let width = sharedPoolWidth()

    @Test("L38 actors Q12: four caches on one global actor never overlap → at most 1 at once")
    func globalActorSerialises() async throws {
        let run = try #require(await runRecordingIssues(.system) {
            try await fourUpdatesAtOnce(.oneGlobalActor, patience: .milliseconds(50))
        })
        #expect(run.value == Overlap(updates: 4, mostAtOnce: 1), """
            \(run.value) on \(counted(Self.width, "thread")): a global actor is one line for everything marked with its \
            name, so unrelated updates must take turns — never two at once
            """)
    }

    @Test("L38 actors Q12: four actors of their own overlap on a pool of two or more threads")
    func ownActorsOverlap() async throws {
        // With company the wait ends at once; the patience only bounds a run that has none (one thread).
        let patience: Duration = Self.width >= 2 ? .seconds(2) : .milliseconds(50)
        let run = try #require(await runRecordingIssues(.system) {
            try await fourUpdatesAtOnce(.ownActors, patience: patience)
        })
        if Self.width >= 2 {
            #expect(run.value.updates == 4 && run.value.mostAtOnce >= 2, """
                \(run.value) on a pool of \(counted(Self.width, "thread")): four actors of their own should run on several \
                threads at once
                """)
        } else {
            #expect(run.value == Overlap(updates: 4, mostAtOnce: 1), """
                \(run.value) on a one-thread pool (LIBDISPATCH_COOPERATIVE_POOL_STRICT=1): one thread runs one \
                update at a time, whatever the actors
                """)
        }
    }

    /// Saves on the pool: three per thread, so that at some moment they hold every thread.
    static let poolSaves = 3 * width

    @Test("L38 actors Q13: blocking saves on the shared pool starve other work")
    func poolSavesStarveTheTicker() async throws {
        let run = try #require(await runRecordingIssues(.system) {
            try await tickerTurnsWhileDisksSave(Self.poolSaves, .pool, patience: .milliseconds(150))
        })
        // At least one wave of saves holds every thread at once; the ticker's turns wait behind them.
        #expect(run.value.savesThatSawATurn <= run.value.saves - Self.width, """
            \(run.value): while the saves held all \(Self.width) of the pool's threads, the ticker should get no \
            turn, so at least \(counted(Self.width, "save")) wait out their whole patience — the pool does not add a thread \
            when one blocks
            """)
    }

    @Test("L38 actors Q13: the same saves on disks with threads of their own leave the pool free")
    func ownThreadSavesLeaveThePoolFree() async throws {
        let run = try #require(await runRecordingIssues(.system, options: .waitForOwnThreads) {
            try await tickerTurnsWhileDisksSave(Self.poolSaves, .ownThreads, patience: .seconds(2))
        })
        #expect(run.value.savesThatSawATurn == run.value.saves, """
            \(run.value): each disk blocks a thread of its own, so the pool stays free and the ticker should \
            move during every save
            """)
    }

    @Test("L38 actors Q14: on the real pool too, one bag sells twice → sold: 2 - bags left: -1")
    func bothBuyOnTheRealPool() async throws {
        let run = try #require(await runRecordingIssues(.system, options: .waitForOwnThreads) {
            await twoBuyersOneBag()
        })
        #expect(run.value == Sale(sold: 2, bagsLeft: -1), """
            "\(run.value)": both buyers should see the bag before either comes back with the price — the \
            shop's own serial executor does not stop reentrancy
            """)
    }
}
