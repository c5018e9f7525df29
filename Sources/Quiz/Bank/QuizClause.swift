/// A clause of an entry's answer: a span of it, word for word, and what puts that span at risk — the checks that
/// would fail if it were false, or why none does. An entry's clauses, joined, are its answer (whitespace aside).
public struct QuizClause: Sendable, Hashable {
    /// What a clause's evidence is.
    public enum Evidence: Sendable, Hashable {
        /// The checks (their positions in the entry's `checks`, from 0) that put the clause at risk together: each
        /// one's control breaks what the clause says. The clause counts as checked only where every one is validated.
        case checks([Int])
        /// Why no check puts the clause at risk: out of reach of any scenario here, advice rather than a claim, …
        case notChecked(String)
    }

    /// The span of the answer, word for word.
    public var text: String
    /// What puts it at risk, or why nothing does.
    public var evidence: Evidence

    /// A clause.
    public init(text: String, evidence: Evidence) {
        self.text = text
        self.evidence = evidence
    }

    /// The checks the clause names, from 0: those that put it at risk.
    public var named: [Int] {
        switch evidence {
        case .checks(let positions): positions
        case .notChecked: []
        }
    }

    /// Where the clauses and the answer part, whitespace aside: nil if the clauses, joined, are the answer; else the
    /// clause where they part (`texts.count` if the answer goes on after the last), and the answer from there.
    public static func mismatch(_ texts: [String], answer: String) -> (clause: Int, rest: Substring)? {
        var at = answer.startIndex
        func skipSpace() { while at < answer.endIndex, answer[at].isWhitespace { at = answer.index(after: at) } }
        for (index, text) in texts.enumerated() {
            for character in text where !character.isWhitespace {
                skipSpace()
                guard at < answer.endIndex, answer[at] == character else { return (index, answer[at...]) }
                at = answer.index(after: at)
            }
        }
        skipSpace()
        return at < answer.endIndex ? (texts.count, answer[at...]) : nil
    }
}

extension QuizEntry {
    /// The entry with only the checks at `positions` (from 0), as `swift run quiz L37-C13#1` runs it: each clause names
    /// the kept checks by their new positions; a clause some of whose checks were left out is not checked in this run.
    public func keeping(checks positions: Set<Int>) -> QuizEntry {
        var entry = self
        let kept = checks.indices.filter(positions.contains)
        let renumbered = Dictionary(uniqueKeysWithValues: kept.enumerated().map { ($0.element, $0.offset) })
        entry.checks = kept.map { checks[$0] }
        entry.clauses = clauses.map { clause in
            var clause = clause
            let left = clause.named.filter { renumbered[$0] == nil }
            switch clause.evidence {
            case .checks(let named) where left.isEmpty: clause.evidence = .checks(named.map { renumbered[$0]! })
            case .checks:
                let names = left.map { "#\($0 + 1)" }.joined(separator: ", ")
                clause.evidence = .notChecked("its check\(left.count == 1 ? "" : "s") \(names) not run in this selection")
            case .notChecked: break
            }
            return clause
        }
        return entry
    }
}
