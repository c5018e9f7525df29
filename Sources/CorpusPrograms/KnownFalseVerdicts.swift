/// A false verdict the harness gives today on one program of the corpus, known and explained: the tests expect it
/// (`CorpusTests`), and the table says it, until the harness mends it. The program's set is right: the real runtime
/// stays inside it on every run (`scripts/check-corpus`). Plain data, here beside the programs, so that `corpus`,
/// which never links the harness, can say it too.
public struct KnownFalseVerdict: Sendable {
    /// What the harness does wrong with the program.
    public enum Kind: Sendable {
        /// It gives a wrong verdict (a failure where real runs finish, an outcome outside the set, or another run for
        /// the same seed).
        case wrongVerdict
        /// It crashes the process: the program is observed only in a child process, which must crash.
        case crash
    }

    /// The program's name.
    public let program: String
    /// What the harness does wrong.
    public let kind: Kind
    /// Why, in a line: what the harness does not follow.
    public let why: String
    /// What should mend it.
    public let mendedBy: String
    /// Whether a run of the corpus test may show no finding even so (then the test cannot demand one).
    public let intermittent: Bool

    /// A known false verdict of `kind` on `program`.
    init(_ program: String, _ kind: Kind = .wrongVerdict, why: String, mendedBy: String, intermittent: Bool = false) {
        self.program = program
        self.kind = kind
        self.why = why
        self.mendedBy = mendedBy
        self.intermittent = intermittent
    }

    /// `why (mended by: …)`.
    public var description: String { "\(why) (to be mended by \(mendedBy))" }
}

extension KnownFalseVerdict {
    /// Every known false verdict, by program. Remove a program when the harness mends it: its corpus test then fails
    /// ("known issue was not recorded") until it is removed, unless the entry is intermittent.
    public static let all: [String: KnownFalseVerdict] = [:]
}
