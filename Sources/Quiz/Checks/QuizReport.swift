import Foundation
import Synchronization

/// The quiz's report as a bank of questions: a legend of the verdicts, one line per entry (its id, its verdict, its
/// question), the notes — each once, with the entries it is about — the counts, and what to run next; or all of it as
/// JSON.
public enum QuizReport {
    /// The longest line the listing and the full form print.
    public static let width = 100

    /// The verdict words of the listing, in the order of the legend, each with what it means.
    public static let verdicts: [(word: String, means: String)] = [
        ("validated", "every clause of the answer is at risk in a check whose control made it fail"),
        ("partly guarded", "its checks hold and could have failed, but some clause is checked by none"),
        ("differs", "validated, but this machine measurably differs from the lesson (note below)"),
        ("adapted", "validated on an example changed in a way that changes what is measured (below)"),
        ("unguarded", "the answer held, but nothing shows its check could have failed (why: below)"),
        ("contradicted", "what happened here is not what the lesson says (what did: below)"),
        ("skipped", "nothing here can check it: an Apple platform, another Swift (why: below)"),
        ("not covered", "a scenario it needs is not in the package yet (below)"),
    ]

    /// What the listing prints above its lines: what it is, the verdicts' legend, where checks run, its columns.
    public static var header: [String] {
        ["The lessons' questions, each answer checked on this machine, clause by clause. The verdicts:"]
            + verdicts.flatMap { verdict in
                wrap(verdict.means, indent: "  " + verdict.word.padding(toLength: 16, withPad: " ", startingAt: 0),
                     then: String(repeating: " ", count: 18))
            }
            + wrap("A check runs on the runtime (Linux's own pool and main actor), in the harness's model (one thread it "
                   + "schedules: what the language allows, not what Linux does) or in the compiler; swift run quiz ID "
                   + "shows each clause, the check that guards it and where it ran, and the code.", indent: "")
            + ["", "id        verdict         question"]
    }

    /// `L37-C13   partly guarded  An actor method reads a counter, awaits for 10 ms, then writes the counter …`:
    /// the entry's id, verdict and question, cut to `width` characters.
    public static func line(_ result: EntryResult, question: String) -> String {
        let id = result.id.padding(toLength: 9, withPad: " ", startingAt: 0)
        let word = label(result).padding(toLength: 15, withPad: " ", startingAt: 0)
        return cut("\(id) \(word) \(flat(question))", to: width)
    }

    /// `validated`, `partly guarded`, `differs`, `adapted`, `unguarded`, `contradicted`, `skipped`, `not covered`: the
    /// listing's verdict column, the legend's words.
    public static func label(_ result: EntryResult) -> String {
        switch result.category {
        case "partlyGuarded": "partly guarded"
        case "notCovered": "not covered"
        default: result.category
        }
    }

    /// The listing whole: the header, a line per entry (`entries` give the questions), the notes, the counts and what
    /// to run next — what `swift run quiz` prints, the entries' lines as their results come.
    public static func listing(_ results: [EntryResult], entries: [QuizEntry], seconds: Double?) -> [String] {
        let questions = Dictionary(entries.map { ($0.id, $0.question) }, uniquingKeysWith: { first, _ in first })
        return header + results.map { line($0, question: questions[$0.id] ?? "") } + tail(results, seconds: seconds)
    }

    /// What follows the entries' lines: the notes, the counts, what to run next.
    public static func tail(_ results: [EntryResult], seconds: Double?) -> [String] {
        let notes = notes(results)
        return (notes.isEmpty ? [] : [""] + notes) + [""] + footer(results, seconds: seconds) + [hint(results)]
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

    /// The notes the listing prints after the entries, each text once with the entries it is about: where Linux
    /// differs, how an example was adapted, why an entry is skipped, unguarded, contradicted or not covered. What a
    /// partly guarded entry leaves unchecked is its own, in its full form (`swift run quiz ID`) and in `--json`.
    public static func notes(_ results: [EntryResult]) -> [String] {
        /// Texts in the order first met, each with its entries (each once).
        func group(_ pairs: [(id: String, text: String)]) -> [(ids: [String], text: String)] {
            var groups: [(ids: [String], text: String)] = []
            for (id, text) in pairs {
                if let at = groups.firstIndex(where: { $0.text == text }) {
                    if !groups[at].ids.contains(id) { groups[at].ids.append(id) }
                } else {
                    groups.append(([id], text))
                }
            }
            return groups
        }
        func verdictReason(_ category: String) -> [(id: String, text: String)] {
            results.filter { $0.category == category }.map { ($0.id, $0.verdict.reason ?? $0.observed) }
        }
        let kinds: [(title: String, pairs: [(id: String, text: String)])] = [
            ("Contradicted here — what was observed:", results.filter { $0.category == "contradicted" }.map { ($0.id, $0.observed) }),
            ("Not covered yet:", verdictReason("notCovered")),
            ("On Linux, where this machine differs from the lesson's platform:",
             results.flatMap { result in result.checks.compactMap { $0.differs.map { (result.id, $0) } } }),
            ("Adapted, where the lesson's example was changed in a way that changes what is measured:",
             results.flatMap { result in result.checks.compactMap { $0.adapted.map { (result.id, $0) } } }),
            ("Unguarded, and why:", verdictReason("unguarded")),
            ("Skipped here, and why:", verdictReason("skipped")),
        ]
        var lines: [String] = []
        for (title, pairs) in kinds where !pairs.isEmpty {
            if !lines.isEmpty { lines.append("") }
            lines.append(title)
            for (ids, text) in group(pairs) { lines += wrap(ids.joined(separator: " ") + ": " + flat(text), indent: "  ", then: "    ") }
        }
        return lines
    }

    /// The counts in words: `182 entries: 7 validated, 160 partly guarded, 5 unguarded, 10 skipped (apple-only 5,
    /// needs Swift 6.4 5); none contradicted, none not covered.`, where the checks' evidence came from, and how long
    /// the run took.
    public static func footer(_ results: [EntryResult], seconds: Double?) -> [String] {
        let counts = counts(results), evidence = evidence(results)
        let reasons = skipReasons(results).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        var parts: [String] = []
        for (category, verdict) in zip(categories, verdicts) where counts[category, default: 0] > 0 {
            parts.append("\(counts[category]!) \(verdict.word)" + (category == "skipped" && !reasons.isEmpty ? " (\(reasons.joined(separator: ", ")))" : ""))
        }
        let bad = ["contradicted", "notCovered"].filter { counts[$0, default: 0] == 0 }.map { $0 == "notCovered" ? "not covered" : $0 }
        var text = "\(results.count) entr\(results.count == 1 ? "y" : "ies"): " + parts.joined(separator: ", ")
            + (bad.isEmpty ? "." : "; none " + bad.joined(separator: ", none ") + ".")
        let holding = evidence.values.reduce(0, +)
        if holding > 0 {
            text += " Of the \(holding) whose checks hold, \(evidence["validatedOnRuntime"]!) were checked on the runtime, "
                + "\(evidence["validatedInModel"]!) have a check that held only in the harness's model, "
                + "\(evidence["validatedByCompiler"]!) rest on the compiler alone."
        }
        if let seconds { text += String(format: " (%.1f s)", seconds) }
        return wrap(text, indent: "")
    }

    /// The last line: what to run next — one entry in full (the first contradicted or not covered, else the first).
    public static func hint(_ results: [EntryResult]) -> String {
        let id = (results.first { $0.category == "contradicted" } ?? results.first { $0.category == "notCovered" }
            ?? results.first)?.id ?? "L37-C13"
        return cut("Next: swift run quiz \(id) — one entry in full: its clauses, the code that ran, the controls.", to: width)
    }

    /// The last line after entries in full: what to run next — their lesson's list.
    public static func listHint(_ results: [EntryResult]) -> String {
        let lesson = results.first.map { String($0.id.prefix { $0 != "-" }) } ?? "L37"
        return cut("Next: swift run quiz \(lesson) — its lesson's questions, a line each; --help for the rest.",
                   to: width)
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
    /// covered`
    public static func summary(_ results: [EntryResult]) -> String {
        let counts = counts(results)
        let evidence = evidence(results)
        let reasons = skipReasons(results).sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        let skipped = reasons.isEmpty ? "" : " (\(reasons.joined(separator: ", ")))"
        return "\(counts["validated"]!) validated, \(counts["partlyGuarded"]!) partly guarded, "
            + "\(counts["differs"]!) validated but differ on Linux, "
            + "\(counts["adapted"]!) adapted "
            + "(of them \(evidence["validatedOnRuntime"]!) on the runtime, \(evidence["validatedInModel"]!) only in the "
            + "harness's model, \(evidence["validatedByCompiler"]!) by the compiler), "
            + "\(counts["unguarded"]!) unguarded, \(counts["contradicted"]!) contradicted, "
            + "\(counts["skipped"]!) skipped\(skipped), \(counts["notCovered"]!) not covered"
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
        }
        if let why = result.whyNotChecked(clause) { item["why"] = why }
        return item
    }

    /// The whole report as JSON: per entry its id, its verdict (from its clauses) and its checks' verdict alone,
    /// question, answer, clauses and checks; the summary's counts.
    public static func json(_ results: [EntryResult], entries: [QuizEntry], seconds: Double) -> String {
        let byId = Dictionary(entries.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let items: [[String: Any]] = results.map { result in
            var entry: [String: Any] = ["id": result.id, "verdict": result.clauseVerdict,
                                        "checksVerdict": result.verdict.word, "category": result.category,
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
    public init(order: [String], render: @escaping @Sendable (EntryResult) -> String,
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
