import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("HARNESS_STRATEGY, HARNESS_PCT_DEPTH, HARNESS_SCHEDULE, HARNESS_SHRINK: read strictly", scaledTimeLimit(minutes: 1))
struct ExplorationSettingsTests {
    @Test("HARNESS_STRATEGY names the strategy, with PCT's depth beside it", arguments: [
        (["HARNESS_STRATEGY": "random"], Search.random),
        (["HARNESS_STRATEGY": "pct"], .pct(depth: 3)),
        (["HARNESS_STRATEGY": "PCT", "HARNESS_PCT_DEPTH": "5"], .pct(depth: 5)),
        (["HARNESS_STRATEGY": "exhaustive"], .exhaustive(preemptionBound: nil)),
        (["HARNESS_STRATEGY": "exhaustive:2"], .exhaustive(preemptionBound: 2)),
    ])
    func strategy(environment: [String: String], expected: Search) throws {
        #expect(try Plan(environment: environment).search == expected)
    }

    @Test("HARNESS_SCHEDULE reads a replay string")
    func schedule() throws {
        let settings = try Plan(environment: ["HARNESS_SCHEDULE": "s1-10*3*_104_"])
        #expect(settings.replay?.choices == [1, 0, 0, 0, 104])
    }

    @Test("HARNESS_SHRINK turns shrinking off or on", arguments: [
        ([:], true), (["HARNESS_SHRINK": "off"], false), (["HARNESS_SHRINK": " OFF "], false), (["HARNESS_SHRINK": "on"], true),
    ] as [([String: String], Bool)])
    func shrink(environment: [String: String], shrinks: Bool) throws {
        #expect(try Plan(environment: environment).shrinks == shrinks)
    }

    @Test("a bad value is an error that names the variable and the value", arguments: [
        (["HARNESS_STRATEGY": "dfs"], "HARNESS_STRATEGY", "dfs"),
        (["HARNESS_STRATEGY": "exhaustive:-1"], "HARNESS_STRATEGY", "exhaustive:-1"),
        (["HARNESS_STRATEGY": "pct", "HARNESS_PCT_DEPTH": "0"], "HARNESS_PCT_DEPTH", "0"),
        (["HARNESS_STRATEGY": "pct", "HARNESS_PCT_DEPTH": "99"], "HARNESS_PCT_DEPTH", "99"),
        (["HARNESS_PCT_DEPTH": "3"], "HARNESS_PCT_DEPTH", "3"),
        (["HARNESS_SCHEDULE": "0x2a"], "HARNESS_SCHEDULE", "0x2a"),
        (["HARNESS_SHRINK": "no"], "HARNESS_SHRINK", "no"),
        (["HARNESS_SCHEDULE": "s1-0*0*"], "HARNESS_SCHEDULE", "s1-0*0*"),
        (["HARNESS_SCHEDULE": "s1-01", "HARNESS_SEED": "0x2a"], "HARNESS_SEED", "0x2a"),
        (["HARNESS_SCHEDULE": "s1-01", "HARNESS_STRATEGY": "pct"], "HARNESS_STRATEGY", "pct"),
        (["HARNESS_SEED": "7", "HARNESS_STRATEGY": "exhaustive"], "HARNESS_SEED", "7"),
        (["HARNESS_SEEDS": "0..<9", "HARNESS_STRATEGY": "exhaustive:2"], "HARNESS_SEEDS", "0..<9"),
    ])
    func badValue(environment: [String: String], variable: String, value: String) {
        #expect {
            _ = try Plan(environment: environment)
        } throws: { error in
            let text = "\(error)"
            return text.contains(variable) && text.contains("\"\(value)\"")
        }
    }

    @Test("a claim's exhaustive search beside a seed or a slice is refused, naming both (the seed would be ignored)",
          arguments: [
        (["HARNESS_SEEDS": "0..<100"], Plan.Scope(), ["HARNESS_SEEDS=0..<100", "exhaustive(bound 2)"]),
        ([:], Plan.Scope(seed: 7), [".harness(seed: 0x0000000000000007)", "exhaustive(bound 2)"]),
        ([:], Plan.Scope(seeds: 5...9), [".harness(seeds: 5...9)", "exhaustive(bound 2)"]),
    ] as [([String: String], Plan.Scope, [String])])
    func seedBesideExhaustive(environment: [String: String], scope: Plan.Scope, named: [String]) throws {
        let plan = try Plan(environment: environment).under(scope)
        #expect {
            _ = try plan.search(asked: .exhaustive(preemptionBound: 2))
        } throws: { error in
            named.allSatisfy { "\(error)".contains($0) }
        }
        #expect(try plan.search(asked: .random) == .random, "a search of one run per seed takes the seed")
        #expect(try Plan().search(asked: .exhaustive(preemptionBound: 2)) == .exhaustive(preemptionBound: 2))
    }
}
