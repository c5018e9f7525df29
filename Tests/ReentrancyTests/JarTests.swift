import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// Lesson 37, steps 6 and 7: the jar is exact between awaits, and free at every await.
@Suite("L37 Jar: exact between awaits, free at every await", scaledTimeLimit(minutes: 1))
struct JarTests {
    /// How many bees pour at once.
    static let beeCounts = [1, 10, 100, 500, 5_000]

    @Test("L37 Q7: N bees pour at once → exactly 2N drops, on the strict pool and the real pool", arguments: beeCounts)
    func pourIsExact(bees: Int) async {
        await verify(.pourIsExact(bees))
    }

    @Test("L37 Q7: N bees pour at once → exactly 2N drops, for every seed", arguments: beeCounts)
    func pourIsExactForEverySeed(bees: Int) async {
        // PCT picks its task by looking at every ready one: hundreds of bees ready at once make each pick hundreds of
        // looks, too slow for a debug build's test, so those sizes take the random walk alone.
        await verify(.pourIsExact(bees, runs: [bees >= 5_000 ? .seeds(10, search: .random)
                                                : bees >= 500 ? .seeds(100, search: .random) : .seeds(100)]))
    }

    /// Where the slow-pour claims run: the strict pool, the real pool, every seed.
    static let everywhere: [Runs] = [.strict, .system, .seeds(200)]

    @Test("L37 Q7: 100 bees pour slowly at once → drops lost: exactly 1 on one thread, far fewer than 100 on the real pool, fewer than 100 for every seed", .needs(.timers),
          arguments: everywhere)
    func slowPoursLoseDrops(runs: Runs) async {
        let lost: Condition<Int> = switch runs {
        case .strict: .equals(1)
        case .system: .that("fewer than 50") { $0 < 50 }
        case .seeds: .that("fewer than 100") { $0 < 100 }
        }
        await verify(Claim(
            "100 slow pours at once must lose drops: every pour reads the jar before its await and writes what it saw "
                + "+ 1 after it (on a one-thread pool every bee reads 0 before any comes back: 1 drop, 99 lost)",
            runs: [runs], expect: Expectation(every: lost),
            control: .counterfactual("the same slow pours one after another") { try await slowPoursOneAfterAnother(100) }) {
                try await concurrentSlowPours(100)
            })
    }

    @Test("L37 step 7: slow pours one after another → nothing lost: 10 on the strict and the real pool, 100 for every seed", .needs(.timers),
          arguments: [[.strict, .system], [.seeds(200)]] as [[Runs]])
    func slowPoursInTurnLoseNothing(runs: [Runs]) async {
        let pours = runs == [.seeds(200)] ? 100 : 10
        await verify(Claim(
            "\(pours) slow pours one after another must leave \(pours) drops: nobody else is in the jar while a bee is away",
            runs: runs, expect: Expectation(every: .equals(pours)),
            control: .counterfactual("the same slow pours all at once") { try await concurrentSlowPours(pours) }) {
                try await slowPoursOneAfterAnother(pours)
            })
    }
}

extension Claim where Outcome == Int {
    /// L37 Q7: `bees` pour two drops each at once into one jar: exactly `2 * bees` on the strict pool and the real
    /// pool (or under `runs`). Control: `YieldingJar`, whose pour awaits between its read and its write.
    static func pourIsExact(_ bees: Int, runs: [Runs] = [.strict, .system]) -> Claim {
        Claim(
            bees == 1 ? "1 bee alone pouring two drops must leave exactly 2"
                : "\(bees) bees pouring two drops each must leave exactly \(2 * bees): pour() has no await between its "
                    + "read and its write, so no bee comes between",
            runs: runs,
            expect: Expectation(every: Condition("exactly \(2 * bees) drops") { left in
                if left == 2 * bees { return nil }
                let difference = left < 2 * bees ? "lost \(2 * bees - left)" : "gained \(left - 2 * bees)"
                return "\(counted(bees, "bee")) at once left \(counted(left, "drop")): \(difference)"
            }),
            control: bees == 1 ? .none(why: "one bee alone has nobody to come between her read and her write")
                : .counterfactual("a pour that awaits between its read and its write") { await yieldingPours(bees) }) {
                    try await concurrentPours(bees)
                }
    }
}
