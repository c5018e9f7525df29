import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Whether the environment sets any of `names`: then it, not the trait, decides (and these tests have nothing to see).
func environmentSets(_ names: String...) -> Bool {
    !environmentSetting(names).isEmpty
}

/// Those of `names` the environment sets, in order (all of them if the settings are bad: nothing runs then).
func environmentSetting(_ names: [String]) -> [String] {
    guard Plan.environmentError == nil else { return names }
    return names.filter(Plan.processDefaults.environmentVariables.contains)
}

/// Skips an exhaustive exploration's test under `HARNESS_SEED` or `HARNESS_SEEDS` (a replay or a shard of the seeded
/// tests): an exhaustive search refuses a seed or a slice, which it would otherwise ignore.
let runsWithoutASeed = ConditionTrait.enabled(if: !environmentSets("HARNESS_SEED", "HARNESS_SEEDS"),
    "HARNESS_SEED or HARNESS_SEEDS set: an exhaustive search runs every schedule, and refuses a seed or a slice")

/// The variables that would decide in place of the traits the suite below sets, or leave its claims out.
let overridingVariables = ["HARNESS_STRATEGY", "HARNESS_SCHEDULE", "HARNESS_SEED", "HARNESS_SEEDS", "HARNESS_ITERATIONS",
                           "HARNESS_CLAIM"]

/// The PCT depth of `schedule`, or nil if it is not PCT.
func pctDepth(_ schedule: Schedule) -> Int? {
    if case .pct(_, let depth, _) = schedule { return depth }
    return nil
}

/// A claim about the racing appends that always holds: these tests look at where its runs went.
func anyOrder(_ runs: [Runs]) -> Claim<[Int]> {
    Claim("five tasks append twice each", runs: runs, expect: Expectation(every: .that("ten entries") { $0.count == 10 }),
          control: .none(why: "a test of where the runs went")) { await racingAppends() }
}

@Suite("A .harness(…) trait sets the search and the seeds of its tests' claims", .harness(search: .pct(depth: 2)),
       .enabled(if: environmentSetting(overridingVariables).isEmpty,
                Comment(rawValue: environmentSetting(overridingVariables).joined(separator: " and ")
                    + " set in the environment: it decides in place of the traits these tests set, or leaves their claims out")),
       scaledTimeLimit(minutes: 1))
struct HarnessTraitTests {
    @Test("a suite's search applies to a claim whose seeded runs name none")
    func suiteSearch() async {
        let result = await verify(anyOrder([.seeds(6)]))
        #expect(result.runs.count == 6 && result.runs.allSatisfy { pctDepth($0.schedule) == 2 },
                "\(result.runs.map(\.schedule))")
    }

    @Test("a claim that names its search keeps it")
    func namedSearchStands() async {
        let result = await verify(anyOrder([.seeds(6, search: .random)]))
        #expect(result.runs.allSatisfy { if case .seeded = $0.schedule { true } else { false } },
                "\(result.runs.map(\.schedule))")
    }

    @Test("a test's trait refines its suite's: more seeds, the suite's search", .harness(iterations: 3))
    func testRefinesSuite() async {
        let result = await verify(anyOrder([.strict, .seeds(4)]))
        #expect(result.runs.count == 1 + 12 && result.runs.dropFirst().allSatisfy { pctDepth($0.schedule) == 2 },
                "\(result.runs.map(\.schedule))")
    }

    @Test("a trait's seed beside a claim's exhaustive search: nothing runs, and the bad setting names both", .harness(seed: 7))
    func seedBesideExhaustiveClaim() async {
        let result = await check(anyOrder([.exhaustive(bound: 0)]))
        let said = result.badSetting.map { "\($0)" } ?? ""
        #expect(result.runs.isEmpty && said.contains(".harness(seed: 0x0000000000000007)")
                    && said.contains("exhaustive(bound 0)"), "\(said)")
    }

    @Test("one seed: every seeded run of the claim is that seed", .harness(search: .random, seed: 0x2a))
    func oneSeed() async {
        let result = await verify(anyOrder([.seeds(50)]))
        #expect(result.runs.map(\.schedule) == [.seeded(0x2a)])
    }
}

@Suite("The environment overrides a trait's same setting, and only that one")
struct HarnessTraitEnvironmentTests {
    @Test("HARNESS_STRATEGY overrides the trait's search; its iterations stand")
    func environmentWins() throws {
        let settings = try Plan(environment: ["HARNESS_STRATEGY": "random"])
            .under(Plan.Scope(search: .pct(depth: 2), iterations: 4))
        #expect(settings.search == .random)
        #expect(settings.iterations == 4)
    }

    @Test("HARNESS_SEED replaces a trait's seed and its slice together")
    func seedFromTheEnvironment() throws {
        let settings = try Plan(environment: ["HARNESS_SEED": "7"]).under(Plan.Scope(seeds: 100...199))
        #expect(settings.seeds(defaultCount: 200) == Seeds(7...7))
    }

    @Test("a test's trait over its suite's: the test's seed replaces the suite's slice")
    func refinedScope() {
        let scope = Plan.Scope(search: .random, seeds: 0...99).refined(by: Plan.Scope(seed: 3))
        #expect(scope == Plan.Scope(search: .random, seed: 3))
    }
}
