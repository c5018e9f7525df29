import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Lesson 38, actors questions 12, 13 and 14 on the real shared pool. These claims are about real threads, so they
/// run under `.system` only, and one at a time: one of them blocks the whole pool on purpose (for a bounded moment),
/// which would disturb the others' measurements.
@Suite("L38 on the real shared pool (one at a time)", .serialized, scaledTimeLimit(minutes: 1))
struct RealPoolTests {
    /// The pool's threads here: one per core, or one under `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1`.
    static let width = sharedPoolWidth()

    /// Why a control that needs two threads shows nothing on this one.
    static let oneThread = "a one-thread pool (LIBDISPATCH_COOPERATIVE_POOL_STRICT=1) runs one update at a time, whatever the actors"

    @Test("L38 actors Q12: four caches on one global actor never overlap → at most 1 at once")
    func globalActorSerialises() async {
        await verify(Claim(
            "a global actor is one line for everything marked with its name, so unrelated updates on \(counted(Self.width, "thread")) "
                + "must take turns — never two at once", runs: [.system],
            expect: Expectation(every: .equals(Overlap(updates: 4, mostAtOnce: 1))),
            control: Self.width >= 2 ? .counterfactual("four actors of their own") {
                try await fourUpdatesAtOnce(.ownActors, patience: .seconds(2))
            } : .none(why: Self.oneThread)) {
                try await fourUpdatesAtOnce(.oneGlobalActor, patience: .milliseconds(50))
            })
    }

    @Test("L38 actors Q12: four actors of their own overlap on a pool of two or more threads")
    func ownActorsOverlap() async {
        // With company the wait ends at once; the patience only bounds a run that has none (one thread).
        let patience: Duration = Self.width >= 2 ? .seconds(2) : .milliseconds(50)
        let overlap: Condition<Overlap> = Self.width >= 2
            ? .that("4 updates, at least 2 at once") { $0.updates == 4 && $0.mostAtOnce >= 2 }
            : .equals(Overlap(updates: 4, mostAtOnce: 1))
        await verify(Claim(
            Self.width >= 2 ? "four actors of their own should run on several of the pool's \(Self.width) threads at once"
                : Self.oneThread, runs: [.system], expect: Expectation(every: overlap),
            control: Self.width >= 2 ? .counterfactual("the four on one global actor") {
                try await fourUpdatesAtOnce(.oneGlobalActor, patience: .milliseconds(50))
            } : .none(why: "on one thread every shape gives one at a time")) {
                try await fourUpdatesAtOnce(.ownActors, patience: patience)
            })
    }

    /// Saves on the pool: three per thread, so that at some moment they hold every thread.
    static let poolSaves = 3 * width

    @Test("L38 actors Q13: blocking saves on the shared pool starve other work")
    func poolSavesStarveTheTicker() async {
        // At least one wave of saves holds every thread at once; the ticker's turns wait behind them.
        await verify(Claim(
            "while the saves hold all \(Self.width) of the pool's threads, the ticker should get no turn, so at least "
                + "\(counted(Self.width, "save")) wait out their whole patience — the pool does not add a thread when one blocks",
            runs: [.system],
            expect: Expectation(every: .that("at least \(Self.width) saves saw no turn") {
                $0.savesThatSawATurn <= $0.saves - Self.width
            }),
            control: .counterfactual("the same saves on disks with threads of their own") {
                try await tickerTurnsWhileDisksSave(Self.poolSaves, .ownThreads, patience: .seconds(2))
            }) {
                try await tickerTurnsWhileDisksSave(Self.poolSaves, .pool, patience: .milliseconds(150))
            })
    }

    @Test("L38 actors Q13: the same saves on disks with threads of their own leave the pool free")
    func ownThreadSavesLeaveThePoolFree() async {
        await verify(Claim(
            "each disk blocks a thread of its own, so the pool stays free and the ticker should move during every save",
            runs: [.system],
            expect: Expectation(every: .that("every save saw a turn") { $0.savesThatSawATurn == $0.saves }),
            control: .counterfactual("the saves on the shared pool") {
                try await tickerTurnsWhileDisksSave(Self.poolSaves, .pool, patience: .milliseconds(150))
            }) {
                try await tickerTurnsWhileDisksSave(Self.poolSaves, .ownThreads, patience: .seconds(2))
            })
    }

    @Test("L38 actors Q14: on the real pool too, one bag sells twice → sold: 2 - bags left: -1")
    func bothBuyOnTheRealPool() async {
        await verify(Claim(
            "both buyers should see the bag before either comes back with the price — the shop's own serial executor "
                + "does not stop reentrancy", runs: [.system],
            expect: Expectation(every: .equals(Sale(sold: 2, bagsLeft: -1))),
            control: .counterfactual("the price asked before the check") { await twoBuyersOneBag(.asksThePriceFirst) }) {
                await twoBuyersOneBag()
            })
    }
}
