import ConcurrencyHarness
import Testing

/// Sets, in code, how the claims of a test — or of every test in a suite — search: what the `HARNESS_*` variables
/// set for a whole process, for this test alone. A variable set in the environment overrides the trait's same
/// setting, so a soak (`HARNESS_ITERATIONS=100`) or a replay line (`HARNESS_SEED=0x…`) still decides.
///
///     @Suite("The cache asks once", .harness(search: .pct(depth: 2)))
///     struct CacheTests {
///         @Test(.harness(iterations: 5))            // this test: 5 × each claim's seeds, still by PCT
///         func asksOnce() async { await verify(…) }
///     }
///
/// The search applies to seeded runs whose claim names none (`.seeds(200)`, not `.seeds(200, search: .random)`).
/// A test's trait refines its suite's. A replay line names the test, so it reruns with the traits it ran with.
public struct HarnessTrait: TestTrait, SuiteTrait, TestScoping {
    /// What it asks.
    package var scope: Plan.Scope

    /// A suite's trait applies to every test in it, nested suites included.
    public var isRecursive: Bool { true }

    /// Runs the test with this trait's scope over any the suite set; a value out of range is an issue, and the test
    /// does not run.
    public func provideScope(for test: Test, testCase: Test.Case?,
                             performing function: @Sendable () async throws -> Void) async throws {
        if let iterations = scope.iterations, !(1...Plan.maxIterations).contains(iterations) {
            Issue.record(".harness(iterations: \(iterations)): expected 1 to \(Plan.maxIterations) — the test did not run")
            return
        }
        if let seeds = scope.seeds, UInt64(seeds.count) > Plan.maxSeeds {
            Issue.record(".harness(seeds: \(seeds)): at most \(Plan.maxSeeds) seeds — the test did not run")
            return
        }
        let scope = Plan.Scope.current.map { $0.refined(by: self.scope) } ?? self.scope
        try await Plan.Scope.$current.withValue(scope) { try await function() }
    }
}

extension Trait where Self == HarnessTrait {
    /// The search, seed counts or seeds of this test's (or suite's) claims: `search` for seeded runs that name none
    /// (`HARNESS_STRATEGY`), `iterations` times every claim's seeds (`HARNESS_ITERATIONS`), `seeds` a slice of the
    /// seed space instead (`HARNESS_SEEDS`), `seed` one seed only (`HARNESS_SEED`), `shrink` whether a
    /// counterexample is made small (`HARNESS_SHRINK`).
    public static func harness(search: Search? = nil, iterations: Int? = nil, seeds: ClosedRange<UInt64>? = nil,
                               seed: UInt64? = nil, shrink: Bool? = nil) -> Self {
        HarnessTrait(scope: Plan.Scope(search: search, iterations: iterations, seeds: seeds, seed: seed,
                                           shrinks: shrink))
    }
}
