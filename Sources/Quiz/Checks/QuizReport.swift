import Foundation
import Synchronization

/// The quiz's report: one line per entry, the differences from the lesson, then the counts; or the same as JSON.
public enum QuizReport {
    /// The longest line the listing prints.
    public static let width = 100

    /// What the listing prints above its lines: its columns, and where each kind of run is observed.
    public static let header = [
        "id        verdict      on        what was observed (on: where a validated entry's evidence comes from)",
        "  strict  model: the harness's one thread, jobs first in first out, in real time",
        "  seeds   model: the harness's one thread, ready jobs picked by a seeded generator, in virtual time",
        "  system  runtime: Linux's real global pool and main actor, scheduled by the runtime itself",
        "  (a crash child and a built program run on the runtime; a compile check is the compiler's word)",
        "",
    ]

    /// `L37-C13   validated    model     jar.pourSlowly: drops 1 (strict); …`, cut to `width` characters.
    public static func line(_ result: EntryResult) -> String {
        let id = result.id.padding(toLength: 9, withPad: " ", startingAt: 0)
        let word = label(result).padding(toLength: 12, withPad: " ", startingAt: 0)
        let on = (result.validatedOn?.rawValue ?? "").padding(toLength: 9, withPad: " ", startingAt: 0)
        var text = "\(id) \(word) \(on)"
        let detail = result.verdict.reason.map { "\($0) — " } ?? ""
        if !result.observed.isEmpty || !detail.isEmpty { text += " " + detail + result.observed }
        return cut(text, to: width)
    }

    /// `validated`, `part-guarded`, `differs`, `adapted`, `part-skipped`, `unguarded`, …: the listing's verdict column.
    static func label(_ result: EntryResult) -> String {
        switch result.category {
        case "partlyGuarded": "part-guarded"
        case "notCovered": "not covered"
        default: result.category
        }
    }

    /// `text` on one line: every run of whitespace (a clause's line breaks) one space.
    public static func flat(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// `text`, or its first `width - 1` characters and `…`.
    static func cut(_ text: String, to width: Int) -> String {
        text.count <= width ? text : String(text.prefix(width - 1)) + "…"
    }

    /// `text` broken into lines of at most `width` characters: the first after `indent`, the others after `then`
    /// (`indent` again if not given). A word longer than a line is cut.
    public static func wrap(_ text: String, indent: String, then: String? = nil, width: Int = QuizReport.width) -> [String] {
        var lines: [String] = []
        var prefix = indent
        var current = prefix
        for word in text.split(whereSeparator: \.isWhitespace) {
            if current.count + word.count + 1 > width, current.count > prefix.count {
                lines.append(current)
                prefix = then ?? indent
                current = prefix
            }
            current += (current.count > prefix.count ? " " : "") + word
        }
        if current.count > prefix.count { lines.append(current) }
        return lines.map { cut($0, to: width) }
    }

    /// `a`, `a and b`, `a, b and c`.
    public static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// The differences the listing prints after the entries: each clause of an answer no validated check puts at risk
    /// (those not yet audited together, in one list), each Linux difference and adaptation, wrapped.
    public static func differences(_ results: [EntryResult]) -> [String] {
        var lines: [String] = []
        for result in results {
            // A skipped entry's line says why already; its clauses are the skip's.
            let skipped = if case .skipped = result.verdict { true } else { false }
            for (clause, why) in skipped ? [] : result.uncheckedClauses {
                if case .notYetAudited = clause.evidence { continue }
                lines += wrap("\(result.id) not checked here: \u{201C}\(cut(flat(clause.text), to: 80))\u{201D} — \(why)", indent: "  ")
            }
            for (index, check) in result.checks.enumerated() {
                let tag = "\(result.id)#\(index + 1)"
                if let differs = check.differs { lines += wrap("\(tag) linux: \(differs)", indent: "  ") }
                if let adapted = check.adapted { lines += wrap("\(tag) adapted: \(adapted)", indent: "  ") }
            }
        }
        let waiting = results.filter(\.awaitsAudit).map(\.id)
        if !waiting.isEmpty {
            lines += wrap("\(waiting.count) entries have clauses \(QuizClause.notYetAuditedReason), so not counted as checked: "
                          + waiting.joined(separator: " "), indent: "  ")
        }
        return lines
    }

    /// The summary's categories, in the order they are printed.
    public static let categories = ["validated", "partlyGuarded", "differs", "adapted", "unguarded",
                                    "contradicted", "skipped", "notCovered"]

    /// How many entries fall in each category.
    public static func counts(_ results: [EntryResult]) -> [String: Int] {
        var counts = Dictionary(uniqueKeysWithValues: categories.map { ($0, 0) })
        for result in results { counts[result.category, default: 0] += 1 }
        return counts
    }

    /// Skipped entries by reason: `apple-only 6, needs Swift 6.4 5`.
    public static func skipReasons(_ results: [EntryResult]) -> [String: Int] {
        var reasons: [String: Int] = [:]
        for result in results {
            guard case .skipped(let reason) = result.verdict else { continue }
            let key = reason.hasPrefix("apple-only") ? "apple-only"
                : reason.hasPrefix("needs ") ? String(reason.prefix { $0 != "(" }).trimmingCharacters(in: .whitespaces)
                : "other"
            reasons[key, default: 0] += 1
        }
        return reasons
    }

    /// Where the validated entries (of every validated category) got their evidence: `validatedOnRuntime`,
    /// `validatedInModel`, `validatedByCompiler`; they add up to validated + partlyGuarded + differs + adapted.
    public static func evidence(_ results: [EntryResult]) -> [String: Int] {
        var counts = ["validatedOnRuntime": 0, "validatedInModel": 0, "validatedByCompiler": 0]
        for result in results {
            switch result.validatedOn {
            case .runtime?: counts["validatedOnRuntime"]! += 1
            case .model?: counts["validatedInModel"]! += 1
            case .compiler?: counts["validatedByCompiler"]! += 1
            case nil: break
            }
        }
        return counts
    }

    /// `120 validated, 9 partly guarded, 20 differ on Linux, 3 adapted (of them 60 on the runtime, 70 in the harness's
    /// model, 15 by the compiler), 0 unguarded, 0 contradicted, 11 skipped (apple-only 6, needs Swift 6.4 5), 0 not
    /// covered`, and how many entries have clauses not yet audited, if any`
    public static func summary(_ results: [EntryResult]) -> String {
        let counts = counts(results)
        let evidence = evidence(results)
        let reasons = skipReasons(results).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let skipped = reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))"
        let waiting = results.filter(\.awaitsAudit).count
        return "\(counts["validated"]!) validated, \(counts["partlyGuarded"]!) partly guarded, "
            + "\(counts["differs"]!) validated but differ on Linux, "
            + "\(counts["adapted"]!) adapted "
            + "(of them \(evidence["validatedOnRuntime"]!) on the runtime, \(evidence["validatedInModel"]!) only in the "
            + "harness's model, \(evidence["validatedByCompiler"]!) by the compiler), "
            + "\(counts["unguarded"]!) unguarded, \(counts["contradicted"]!) contradicted, "
            + "\(counts["skipped"]!) skipped\(skipped), \(counts["notCovered"]!) not covered"
            + (waiting == 0 ? "" : "; \(waiting) entries with clauses \(QuizClause.notYetAuditedReason)")
    }

    /// The verdicts alone, one line per entry in the bank's order: `L37-S02 differs: validated runtime`, each check's
    /// verdict (and where a validated one got its evidence) after the entry's category; no observed value, so two runs (debug and release, two machines) compare line for
    /// line (`quiz --verdicts FILE`, which `.ci/run` diffs).
    public static func verdicts(_ results: [EntryResult]) -> String {
        results.map { result in
            "\(result.id) \(result.category): "
                + result.checks.map { $0.verdict.word + ($0.on.map { " \($0.rawValue)" } ?? "") }.joined(separator: ", ")
        }.joined(separator: "\n") + "\n"
    }

    /// Whether the run passes: nothing contradicted, nothing not covered.
    public static func passes(_ results: [EntryResult]) -> Bool {
        let counts = counts(results)
        return counts["contradicted"] == 0 && counts["notCovered"] == 0
    }

    /// One check as JSON: kind, verdict, expectation, what each schedule observed, the control, the difference.
    static func json(_ check: CheckResult) -> [String: Any] {
        var item: [String: Any] = ["kind": check.kind, "verdict": check.verdict.word, "differs": check.differs ?? NSNull(),
                                   "summary": check.observed]
        if let reason = check.verdict.reason { item["reason"] = reason }
        if let seconds = check.seconds { item["seconds"] = (seconds * 1000).rounded() / 1000 }
        item["on"] = check.on?.rawValue ?? NSNull()
        if let expect = check.expect { item["expect"] = expect }
        if let adapted = check.adapted { item["adapted"] = adapted }
        if check.kind == "runtime" {
            item["observed"] = check.runs.map { run -> [String: Any] in
                var one: [String: Any] = ["schedule": run.schedule, "on": run.on.rawValue]
                if let seeds = run.seeds { one["seeds"] = seeds }
                if let values = run.values { one["values"] = values.mapValues(\.json) }
                if let failure = run.failure { one["failure"] = failure }
                return one
            }
        }
        if check.kind == "runtime" || check.control != nil {
            var control: [String: Any] = ["why": check.controlWhy ?? NSNull()]
            switch check.control {
            case .failed(let name, let evidence)?:
                control["name"] = name; control["verdict"] = "failed"; control["evidence"] = evidence
                if let on = check.controlFailedOn { control["on"] = on.rawValue }
            case .held(let name, let observed)?: control["name"] = name; control["verdict"] = "held"; control["observed"] = observed
            case .none?: control["name"] = NSNull(); control["verdict"] = "none"
            case nil: control["name"] = NSNull(); control["verdict"] = NSNull()
            }
            item["control"] = control
        }
        return item
    }

    /// One clause as JSON: its text; the checks it names (from 1), or why none does; whether it is at risk here, and if
    /// not, why.
    static func json(_ clause: QuizClause, in result: EntryResult) -> [String: Any] {
        var item: [String: Any] = ["text": clause.text, "atRisk": result.atRisk(clause)]
        switch clause.evidence {
        case .checks(let named): item["checks"] = named.map { $0 + 1 }
        case .notChecked(let why): item["notChecked"] = why
        case .notYetAudited(let named):
            item["notChecked"] = QuizClause.notYetAuditedReason
            item["notYetAudited"] = named.map { $0 + 1 }
        }
        if let why = result.whyNotChecked(clause) { item["why"] = why }
        return item
    }

    /// The whole report as JSON: per entry its id, verdict, question, answer and checks; the summary's counts.
    public static func json(_ results: [EntryResult], entries: [QuizEntry], seconds: Double) -> String {
        let byId = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let items: [[String: Any]] = results.map { result in
            var entry: [String: Any] = ["id": result.id, "verdict": result.verdict.word, "category": result.category,
                                        "question": byId[result.id]?.question ?? "", "answer": byId[result.id]?.answer ?? ""]
            if let reason = result.verdict.reason { entry["reason"] = reason }
            entry["on"] = result.validatedOn?.rawValue ?? NSNull()
            entry["notChecked"] = result.notChecked
            entry["clauses"] = result.clauses.map { json($0, in: result) }
            entry["checks"] = result.checks.map(json)
            return entry
        }
        var summary: [String: Any] = counts(results).merging(evidence(results)) { first, _ in first }
        summary["skippedBy"] = skipReasons(results)
        summary["awaitingAudit"] = results.filter(\.awaitsAudit).count
        let root: [String: Any] = ["entries": items, "summary": summary, "text": Self.summary(results),
                                   "seconds": (seconds * 10).rounded() / 10]
        guard let data = try? JSONSerialization.data(withJSONObject: root, options: [.prettyPrinted, .sortedKeys]),
              let text = String(data: data, encoding: .utf8) else { return "{}" }
        return text
    }
}

/// Prints entries' lines in the bank's order as their results arrive: each line as soon as every entry before it
/// is printed.
public final class OrderedPrinter: Sendable {
    /// The ids in the bank's order, the results that came early, and how many lines are out.
    private let state: Mutex<(order: [String], waiting: [String: EntryResult], printed: Int)>
    /// How an entry's result is shown.
    private let render: @Sendable (EntryResult) -> String
    /// Where lines go.
    private let write: @Sendable (String) -> Void

    /// A printer for entries in `order`, showing each with `render` and writing it with `write`.
    public init(order: [String], render: @escaping @Sendable (EntryResult) -> String = { QuizReport.line($0) },
                write: @escaping @Sendable (String) -> Void = { print($0) }) {
        state = Mutex((order, [:], 0))
        self.render = render
        self.write = write
    }

    /// Takes one entry's result, and prints every line that is now due.
    public func take(_ result: EntryResult) {
        let due: [EntryResult] = state.withLock { state in
            state.waiting[result.id] = result
            var due: [EntryResult] = []
            while state.printed < state.order.count, let next = state.waiting.removeValue(forKey: state.order[state.printed]) {
                due.append(next)
                state.printed += 1
            }
            return due
        }
        for result in due { write(render(result)) }
    }
}
