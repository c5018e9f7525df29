import Foundation

/// What the environment asks of the harness, read once per run and checked strictly.
///
/// | variable | meaning |
/// | --- | --- |
/// | `SUBJECTS_ITERATIONS=<n>` | multiply every explorer's default seed count by n (soak runs) |
/// | `SUBJECTS_SEEDS=a..<b` or `a...b` | explore exactly these seeds (shard a soak across machines) |
/// | `SUBJECTS_SEED=0x…` | replay one seed: every explorer runs only it |
/// | `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1` | `system` runs go to the one-thread strict pool on Linux |
///
/// A bad value is never ignored: it becomes a `SettingsError` naming the variable and the value.
public struct Settings: Sendable, Equatable {
    /// The factor applied to default seed counts.
    public var iterations: Int = 1
    /// Seeds to explore instead of the default `0..<count`.
    public var seeds: Range<UInt64>? = nil
    /// One seed to replay instead of any range.
    public var seed: UInt64? = nil
    /// Whether `LIBDISPATCH_COOPERATIVE_POOL_STRICT` asks for a one-thread pool.
    public var strictPool: Bool = false
    /// The exploration strategy's variables.
    public var exploration = ExplorationSettings()

    /// The variables this harness reads; any other `SUBJECTS_*` variable is a typo and an error.
    public static let knownVariables = ["SUBJECTS_ITERATIONS", "SUBJECTS_SEEDS", "SUBJECTS_SEED"]
        + explorationVariables

    /// Settings with every default: one iteration, seeds from zero, no replay, the pool as it is.
    public init() {}

    /// Reads and checks `environment` (for the process's own, use `Settings.current`).
    public init(environment: [String: String]) throws(SettingsError) {
        for name in environment.keys.sorted() where name.hasPrefix("SUBJECTS_") {
            guard Self.knownVariables.contains(name) else {
                throw SettingsError(variable: name, value: environment[name] ?? "",
                                    expected: "one of \(Self.knownVariables.joined(separator: ", ")) (is it misspelt?)")
            }
        }
        if let text = environment["SUBJECTS_ITERATIONS"] {
            guard let n = Int(text.trimmingCharacters(in: .whitespaces)), n > 0 else {
                throw SettingsError(variable: "SUBJECTS_ITERATIONS", value: text, expected: "a whole number above zero, like 10")
            }
            iterations = n
        }
        if let text = environment["SUBJECTS_SEEDS"] {
            guard let range = Self.parseRange(text) else {
                throw SettingsError(variable: "SUBJECTS_SEEDS", value: text,
                                    expected: "a non-empty range of seeds, like 1000..<2000 or 0x10...0x1f")
            }
            seeds = range
        }
        if let text = environment["SUBJECTS_SEED"] {
            guard let one = Seed.parse(text) else {
                throw SettingsError(variable: "SUBJECTS_SEED", value: text, expected: "one seed, like 0x2a or 42")
            }
            seed = one
        }
        try readExplorationSettings(environment)
        if let text = environment["LIBDISPATCH_COOPERATIVE_POOL_STRICT"] {
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "1", "true", "yes": strictPool = true
            case "0", "false", "no", "": strictPool = false
            default:
                throw SettingsError(variable: "LIBDISPATCH_COOPERATIVE_POOL_STRICT", value: text, expected: "1 or 0")
            }
        }
    }

    /// The seeds an explorer with a default of `count` seeds runs under these settings.
    public func seedsToExplore(defaultCount count: Int) -> [UInt64] {
        if let seed { return [seed] }
        if let seeds { return Array(seeds) }
        return Array(0..<UInt64(max(count, 0) * iterations))
    }

    /// `a..<b` or `a...b`, each bound decimal or `0x` hex; nil if malformed or empty.
    static func parseRange(_ text: String) -> Range<UInt64>? {
        let closed = text.components(separatedBy: "...")
        if closed.count == 2, let low = Seed.parse(closed[0]), let high = Seed.parse(closed[1]),
           low <= high, high < UInt64.max {
            return low..<(high + 1)
        }
        let open = text.components(separatedBy: "..<")
        if open.count == 2, let low = Seed.parse(open[0]), let high = Seed.parse(open[1]), low < high {
            return low..<high
        }
        return nil
    }

    /// The settings of this process, or a `badSetting` failure naming the variable and value.
    static func checked() throws(HarnessFailure) -> Settings {
        switch current {
        case .success(let read): return read
        case .failure(let error): throw HarnessFailure(.badSetting, schedule: nil, summary: error.description)
        }
    }

    /// The settings of this process, read once: the environment does not change under a test run.
    public static let current: Result<Settings, SettingsError> = Result { () throws(SettingsError) in
        try Settings(environment: ProcessInfo.processInfo.environment)
    }
}

// MARK: Exploration strategies (issue 11), kept apart so that merges stay easy.

/// | variable | meaning |
/// | --- | --- |
/// | `SUBJECTS_STRATEGY=random\|pct\|exhaustive\|exhaustive:k` | how explorers pick schedules (default random) |
/// | `SUBJECTS_PCT_DEPTH=<1…10>` | PCT's depth (default 3) |
/// | `SUBJECTS_SCHEDULE='s1-…'` | replay one printed interleaving: every explorer runs only it |
extension Settings {
    /// The variables of this block.
    static let explorationVariables = ["SUBJECTS_STRATEGY", "SUBJECTS_PCT_DEPTH", "SUBJECTS_SCHEDULE"]

    /// Reads this block's variables into `exploration`.
    mutating func readExplorationSettings(_ environment: [String: String]) throws(SettingsError) {
        if let text = environment["SUBJECTS_PCT_DEPTH"] {
            guard let depth = Int(text.trimmingCharacters(in: .whitespaces)), (1...10).contains(depth) else {
                throw SettingsError(variable: "SUBJECTS_PCT_DEPTH", value: text, expected: "a depth from 1 to 10, like 3")
            }
            exploration.pctDepth = depth
        }
        if let text = environment["SUBJECTS_STRATEGY"] {
            guard let strategy = SearchStrategy.parse(text, pctDepth: exploration.pctDepth) else {
                throw SettingsError(variable: "SUBJECTS_STRATEGY", value: text,
                                    expected: "random, pct, exhaustive, or exhaustive:k for at most k preemptions (0 to 100)")
            }
            exploration.strategy = strategy
        } else if environment["SUBJECTS_PCT_DEPTH"] != nil {
            throw SettingsError(variable: "SUBJECTS_PCT_DEPTH", value: environment["SUBJECTS_PCT_DEPTH"]!,
                                expected: "SUBJECTS_STRATEGY=pct beside it (alone it would change nothing)")
        }
        if let text = environment["SUBJECTS_SCHEDULE"] {
            guard let interleaving = Interleaving(parsing: text) else {
                throw SettingsError(variable: "SUBJECTS_SCHEDULE", value: text,
                                    expected: "a replay string as a failure prints it, like s1-10*3*2_104_")
            }
            exploration.schedule = interleaving
        }
    }
}

/// What the exploration variables asked for.
public struct ExplorationSettings: Sendable, Equatable {
    /// The strategy explorers use when the test names none; nil for the default, random.
    public var strategy: SearchStrategy? = nil
    /// PCT's depth.
    public var pctDepth = SearchStrategy.defaultPCTDepth
    /// One interleaving to replay instead of exploring.
    public var schedule: Interleaving? = nil
}

/// An environment variable the harness cannot use, with what it expected instead.
public struct SettingsError: Error, Equatable, CustomStringConvertible {
    /// The variable's name, e.g. `SUBJECTS_SEED`.
    public var variable: String
    /// Its value as given.
    public var value: String
    /// What would have been understood.
    public var expected: String

    /// `SUBJECTS_SEED="0xZZ" is not understood: expected one seed, like 0x2a or 42`.
    public var description: String {
        "\(variable)=\"\(value)\" is not understood: expected \(expected)"
    }
}
