
/// One card, question or claim of the bank: what the lesson asks, the lesson's answer word for word, and the checks
/// that validate it.
public struct QuizEntry: Sendable, Hashable, CustomStringConvertible {
    /// What the entry is in its lesson.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A flash card.
        case card
        /// An edge-case or tricky question.
        case question
        /// A claim of a reference seed (the Q&A reference, the architecture lesson).
        case claim
    }

    /// The stable id: `L37-C04`, `L38-Q01`, `L38-AQ13`, `L40-Q05`, `QA-03`, `AR-02`.
    public var id: String
    /// The bank it came from: `L37`, `L38`, `L40`, `QA`, `AR`.
    public var bank: String
    /// Card, question or claim.
    public var kind: Kind
    /// The lesson's label: `Trick question · Actors`, `question 7 of 13 · an actor and an await`.
    public var label: String?
    /// The question, as the lesson asks it (for claims, the question the claim answers).
    public var question: String
    /// The code the lesson shows with the question or card, verbatim.
    public var code: String?
    /// The lesson's answer, word for word: never rewritten to match what Linux does.
    public var answer: String
    /// The lesson's "Where this comes from".
    public var source: String?
    /// What validates the answer.
    public var checks: [QuizCheck]
    /// The answer divided into clauses, each naming the checks that put it at risk or saying why none does: the
    /// entry is validated only where every clause is at risk in a validated check.
    public var clauses: [QuizClause] = []

    /// `L37-C13 (card, Trick question · Actors)`: how a parameterised test names its case.
    public var description: String {
        "\(id) (\(kind.rawValue)\(label.map { ", \($0)" } ?? ""))"
    }
}

/// The whole bank: every entry of every file, in file order.
public struct QuizBank: Sendable {
    /// The folder the bank was read from.
    public var directory: String
    /// The entries, in the order of the files (sorted by name) and of the entries in each.
    public var entries: [QuizEntry]

    /// The entry with `id`, if any.
    public func entry(_ id: String) -> QuizEntry? {
        entries.first { $0.id == id }
    }
}
