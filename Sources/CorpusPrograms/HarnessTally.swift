/// What the harness gave for one program, counted: what `corpus-harness` sends and `corpus --table` shows. Plain
/// values, so that the command that runs the real runtime needs no harness to read them.
public struct HarnessTally: Codable, Sendable {
    /// One trial's runs, counted.
    public struct Counts: Codable, Sendable {
        /// Each outcome, with how many runs gave it.
        public var outcomes: [String: Int] = [:]
        /// Each kind of harness failure (`deadlock`), with how many runs it ended.
        public var failures: [String: Int] = [:]
        /// The runs.
        public var runs: Int { outcomes.values.reduce(0, +) + failures.values.reduce(0, +) }

        /// No runs yet.
        public init() {}
    }

    /// The program's name.
    public var name: String
    /// `strict`, `seeded`, `PCT`: each trial's counts.
    public var trials: [String: Counts] = [:]
    /// Seeds whose second seeded run differed from the first (in outcome or in schedule), and how many there were.
    public var rerunDiffered = 0
    /// Seeds run twice.
    public var rerunSeeds = 0
    /// Each false verdict in words (empty: the harness agrees with the language on every trial).
    public var findings: [String] = []
    /// What its seeded verdicts did not explore, in words (nil: nothing the harness knows of).
    public var notExplored: String?
    /// How many passes each trial was run in, one after the other in one process (the counts add them up).
    public var passes = 1

    /// Nothing counted yet for `name`.
    public init(name: String) { self.name = name }
}
