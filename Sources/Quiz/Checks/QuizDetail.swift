
/// One entry in full, for `swift run quiz ID` and `--verbose`: the question, the lesson's answer, and for each
/// check its expectation, what each schedule observed, the control's result and any Linux difference; after the answer,
/// each of its clauses and the checks that put it at risk, or why none does.
public enum QuizDetail {
    /// The entry's lines, each under `QuizReport.width` characters.
    public static func lines(_ result: EntryResult, entry: QuizEntry) -> [String] {
        var lines = ["\(entry.id) — \(result.verdict)" + (result.validatedOn.map { " \($0.phrase)" } ?? "")]
        lines += QuizReport.wrap("question: \(entry.question)", indent: "  ")
        lines += QuizReport.wrap("the lesson: \(entry.answer)", indent: "  ")
        for (number, clause) in result.clauses.enumerated() {
            let evidence = result.whyNotChecked(clause).map { "not checked here: \($0)" }
                ?? "at risk in check " + clause.named.map { "\($0 + 1)" }.joined(separator: ", ")
            lines += QuizReport.wrap("clause \(number + 1): \u{201C}\(QuizReport.flat(clause.text))\u{201D} — \(evidence)", indent: "  ")
        }
        for (index, check) in result.checks.enumerated() {
            lines.append("  check \(index + 1) (\(check.kind)): \(check.verdict.word)"
                         + (check.on.map { " \($0.phrase)" } ?? ""))
            if let expect = check.expect { lines += QuizReport.wrap("expected: \(expect)", indent: "    ") }
            if check.runs.isEmpty {
                if !check.observed.isEmpty { lines += QuizReport.wrap("observed: \(check.observed)", indent: "    ") }
            }
            for run in check.runs {
                let under = (run.seeds.map { "\($0) seed\($0 == 1 ? "" : "s")" } ?? run.schedule) + " (\(run.on))"
                let values = run.values.map { values in
                    values.keys.sorted().map { "\($0) \(values[$0]!)" }.joined(separator: ", ")
                } ?? "failed: \(run.failure ?? "?")"
                lines += QuizReport.wrap("\(under): \(values)", indent: "    ")
            }
            switch check.control {
            case .none?: lines += QuizReport.wrap("control: none — \(check.controlWhy ?? "")", indent: "    ")
            case let control?:
                lines += QuizReport.wrap("\(control)", indent: "    ")
                if let why = check.controlWhy { lines += QuizReport.wrap("(the control: \(why))", indent: "      ") }
            case nil:
                if let reason = check.verdict.reason { lines += QuizReport.wrap("because: \(reason)", indent: "    ") }
            }
            if let differs = check.differs { lines += QuizReport.wrap("linux: \(differs)", indent: "    ") }
            if let adapted = check.adapted { lines += QuizReport.wrap("adapted: \(adapted)", indent: "    ") }
        }
        return lines
    }
}
