import Harness
import Testing

@Suite("SUBJECTS_STRATEGY, SUBJECTS_PCT_DEPTH, SUBJECTS_SCHEDULE: read strictly", .timeLimit(.minutes(1)))
struct ExplorationSettingsTests {
    @Test("SUBJECTS_STRATEGY names the strategy, with PCT's depth beside it", arguments: [
        (["SUBJECTS_STRATEGY": "random"], SearchStrategy.random),
        (["SUBJECTS_STRATEGY": "pct"], .pct(depth: 3)),
        (["SUBJECTS_STRATEGY": "PCT", "SUBJECTS_PCT_DEPTH": "5"], .pct(depth: 5)),
        (["SUBJECTS_STRATEGY": "exhaustive"], .exhaustive(preemptionBound: nil)),
        (["SUBJECTS_STRATEGY": "exhaustive:2"], .exhaustive(preemptionBound: 2)),
    ])
    func strategy(environment: [String: String], expected: SearchStrategy) throws {
        #expect(try Settings(environment: environment).exploration.strategy == expected)
    }

    @Test("SUBJECTS_SCHEDULE reads a replay string")
    func schedule() throws {
        let settings = try Settings(environment: ["SUBJECTS_SCHEDULE": "s1-10*3*_104_"])
        #expect(settings.exploration.schedule?.choices == [1, 0, 0, 0, 104])
    }

    @Test("a bad value is an error that names the variable and the value", arguments: [
        (["SUBJECTS_STRATEGY": "dfs"], "SUBJECTS_STRATEGY", "dfs"),
        (["SUBJECTS_STRATEGY": "exhaustive:-1"], "SUBJECTS_STRATEGY", "exhaustive:-1"),
        (["SUBJECTS_STRATEGY": "pct", "SUBJECTS_PCT_DEPTH": "0"], "SUBJECTS_PCT_DEPTH", "0"),
        (["SUBJECTS_STRATEGY": "pct", "SUBJECTS_PCT_DEPTH": "99"], "SUBJECTS_PCT_DEPTH", "99"),
        (["SUBJECTS_PCT_DEPTH": "3"], "SUBJECTS_PCT_DEPTH", "3"),
        (["SUBJECTS_SCHEDULE": "0x2a"], "SUBJECTS_SCHEDULE", "0x2a"),
        (["SUBJECTS_SCHEDULE": "s1-0*0*"], "SUBJECTS_SCHEDULE", "s1-0*0*"),
        (["SUBJECTS_SCHEDULE": "s1-01", "SUBJECTS_SEED": "0x2a"], "SUBJECTS_SEED", "0x2a"),
        (["SUBJECTS_SCHEDULE": "s1-01", "SUBJECTS_STRATEGY": "pct"], "SUBJECTS_STRATEGY", "pct"),
    ])
    func badValue(environment: [String: String], variable: String, value: String) {
        #expect {
            _ = try Settings(environment: environment)
        } throws: { error in
            let text = "\(error)"
            return text.contains(variable) && text.contains("\"\(value)\"")
        }
    }
}
