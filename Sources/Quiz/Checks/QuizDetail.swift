/// One entry in full, as a student reads it (`swift run quiz L37-C13`, and `--verbose`): a headline the clauses
/// decide; the question and the lesson's code; the answer clause by clause, each with the checks that guard it and
/// where they ran, or why none does; each check with the code that ran, what it expected and observed, what its control
/// changes and what that did; where Linux differs.
public enum QuizDetail {
    /// The entry's lines, none longer than `QuizReport.width`; with `code`, each check shows the code it ran.
    public static func lines(_ result: EntryResult, entry: QuizEntry, code: CodeFinder? = nil) -> [String] {
        var lines = QuizReport.wrap([entry.id, entry.kind.rawValue, entry.label].compactMap { $0 }.joined(separator: " · "),
                                    indent: "", then: "  ")
        lines += QuizReport.wrap(headline(result), indent: "")
        lines += ["", "Question"]
        lines += QuizReport.wrap(entry.question, indent: "  ")
        if let shown = entry.code {
            lines.append("")
            lines += codeLines(shown.components(separatedBy: "\n"), numbers: nil, indent: "      ")
        }
        lines += ["", "The lesson's answer, clause by clause"]
        for (number, clause) in result.clauses.enumerated() {
            let label = "\(number + 1)".padding(toLength: 3, withPad: " ", startingAt: 0)
            lines += QuizReport.wrap(QuizReport.flat(clause.text), indent: "  " + label, then: "     ")
            lines += QuizReport.wrap(mark(clause, in: result), indent: "     ", then: "       ")
        }
        var shown: [(index: Int, code: CheckCode?)] = []
        for (index, check) in result.checks.enumerated() where entry.checks.indices.contains(index) {
            lines.append("")
            lines += self.check(index, check, entry.checks[index], code: code, earlier: &shown)
        }
        lines += ["", "On Linux"]
        // Each difference once, with the checks it is about.
        var differences: [(checks: [Int], text: String)] = []
        for (index, check) in result.checks.enumerated() {
            guard let text = check.differs else { continue }
            if let at = differences.firstIndex(where: { $0.text == text }) { differences[at].checks.append(index) }
            else { differences.append(([index], text)) }
        }
        if differences.isEmpty {
            lines += QuizReport.wrap("no check here measured a difference from the lesson's platform", indent: "  ")
        }
        for (checks, text) in differences {
            let which = "check\(checks.count == 1 ? "" : "s") " + QuizReport.list(checks.map { "\($0 + 1)" })
            lines += QuizReport.wrap("\(which): \(text)", indent: "  ", then: "    ")
        }
        let schedules = Set(result.checks.flatMap(\.runs).map(\.schedule))
        let kinds = Set(result.checks.map(\.kind))
        let legend = where_(schedules: schedules, kinds: kinds)
        if !legend.isEmpty { lines += [""] + QuizReport.wrap(legend, indent: "") }
        return lines
    }

    /// The headline, from the clauses: how many are at risk and where their checks ran, or what else became of it.
    public static func headline(_ result: EntryResult) -> String {
        let count = result.clauses.count
        let atRisk = result.clauses.indices.filter { result.atRisk(result.clauses[$0]) }
        let where_ = places(of: atRisk, in: result)
        let all = (count == 1 ? "its one clause at risk" : "all \(count) clauses of the answer at risk") + (where_.isEmpty ? "" : ": " + where_)
        switch result.category {
        case "validated": return "validated — \(all)"
        case "differs": return "validated, and Linux differs (below) — \(all)"
        case "adapted": return "validated on an example adapted here (below) — \(all)"
        case "partlyGuarded":
            let unchecked = count - atRisk.count
            let validated = result.checks.indices.filter { result.checks[$0].verdict == .validated }
            let checks = EvidenceSource.allCases.compactMap { source -> String? in
                let here = validated.filter { result.checks[$0].on == source }
                guard !here.isEmpty else { return nil }
                return "check\(here.count == 1 ? "" : "s") \(QuizReport.list(here.map { "\($0 + 1)" })) \(source.phrase)"
            }
            let part = atRisk.isEmpty ? "none of its \(count) clauses is at risk here"
                : "\(atRisk.count) of its \(count) clauses at risk (\(where_)), \(unchecked) not checked here"
            return "partly guarded — \(part). Its checks hold and could have failed: \(checks.joined(separator: ", "))."
        case "unguarded":
            let which = result.checks.indices.filter { if case .unguarded = result.checks[$0].verdict { true } else { false } }
            return "unguarded — the answer held, but nothing shows check \(which.map { "\($0 + 1)" }.joined(separator: ", ")) "
                + "could have failed: \(result.verdict.reason ?? "")"
        case "contradicted":
            let which = result.checks.indices.filter { result.checks[$0].verdict == .contradicted }
            return "contradicted — check \(which.map { "\($0 + 1)" }.joined(separator: ", ")) observed what the lesson says "
                + "does not happen (below)"
        case "skipped": return "skipped here — \(result.verdict.reason ?? "")"
        default: return "\(QuizReport.label(result)) — \(result.verdict.reason ?? "")"
        }
    }

    /// `clauses 1 and 2 on the runtime, clause 3 in the harness's model`: where the checks of `clauses` ran.
    static func places(of clauses: [Int], in result: EntryResult) -> String {
        EvidenceSource.allCases.compactMap { source -> String? in
            let here = clauses.filter { result.clauses[$0].named.contains { result.checks.indices.contains($0) && result.checks[$0].on == source } }
            guard !here.isEmpty else { return nil }
            return "clause\(here.count == 1 ? "" : "s") \(QuizReport.list(here.map { "\($0 + 1)" })) \(source.phrase)"
        }.joined(separator: ", ")
    }

    /// What guards a clause, and where: `guarded by check 1 (in the harness's model) and check 2 (on the runtime)`; or
    /// `not checked here: why`.
    static func mark(_ clause: QuizClause, in result: EntryResult) -> String {
        if let why = result.whyNotChecked(clause) { return "not checked here: \(why)" }
        let guards = clause.named.map { index in "check \(index + 1)" + (result.checks[index].on.map { " (\($0.phrase))" } ?? "") }
        return "guarded by \(QuizReport.list(guards))"
    }

    /// One check: what it is and its verdict; the code it ran; its expectation and what each run observed; its control:
    /// what it changes, and what it did; its note.
    static func check(_ index: Int, _ result: CheckResult, _ check: QuizCheck, code finder: CodeFinder?,
                      earlier: inout [(index: Int, code: CheckCode?)]) -> [String] {
        var lines = QuizReport.wrap("Check \(index + 1): \(title(check)) — \(result.verdict)" + (result.on.map { " \($0.phrase)" } ?? ""),
                                    indent: "", then: "  ")
        let code = finder?.code(for: check, result: result)
        if let code, !code.ran.isEmpty {
            let ran = if case .skipped = result.verdict { "the code it would run (not run here)" } else { "the code that ran" }
            if let same = earlier.first(where: { $0.code?.ran == code.ran }) {
                lines.append("  \(ran): as check \(same.index + 1)'s")
            } else {
                lines.append("  \(ran):")
                lines += excerpts(code.ran, indent: "    ")
            }
        }
        earlier.append((index, code))
        if let expect = result.expect { lines += QuizReport.wrap("expected: \(expect)", indent: "  ", then: "    ") }
        if result.runs.isEmpty {
            if !result.observed.isEmpty { lines += QuizReport.wrap("observed: \(result.observed)", indent: "  ", then: "    ") }
        } else {
            let runs = result.runs.map { run in
                let under = (run.seeds.map { "\($0) seed\($0 == 1 ? "" : "s")" } ?? run.schedule) + " (\(run.on))"
                let values = run.values.map { values in
                    values.keys.sorted().map { "\($0) \(values[$0]!)" }.joined(separator: ", ")
                } ?? "failed: \(run.failure ?? "?")"
                return "\(under): \(values)"
            }
            lines += QuizReport.wrap("observed: " + runs.joined(separator: "; "), indent: "  ", then: "    ")
        }
        switch result.control {
        case .none(let why)?: lines += QuizReport.wrap("no control: \(why)", indent: "  ", then: "    ")
        case let control?:
            lines += QuizReport.wrap("the control: \(controlName(check)) — \(result.controlWhy ?? "")", indent: "  ", then: "    ")
            if let code, !code.control.isEmpty { lines += excerpts(code.control, indent: "    ") }
            let outcome: String = switch control {
            case .failed(_, let evidence): "it failed the check, as it must: \(evidence)"
            case .held(_, let observed): "it held too (\(observed)): the check cannot fail"
            case .none(let why): "no control: \(why)"
            }
            lines += QuizReport.wrap(outcome, indent: "    ", then: "      ")
        case nil: break  // a skipped check: its heading says why
        }
        if let note = note(of: check) { lines += QuizReport.wrap("note: \(note)", indent: "  ", then: "    ") }
        if let adapted = result.adapted { lines += QuizReport.wrap("adapted: \(adapted)", indent: "  ", then: "    ") }
        return lines
    }

    /// `a run of jar.pourSlowly (bees 100)`, `the compiler on L37-C12.swift`, `a child process: gcd.mainSyncOnMain`.
    static func title(_ check: QuizCheck) -> String {
        switch check {
        case .runtime(let runtime):
            let arguments = runtime.arguments.keys.sorted().map { key in
                if case .string(let text) = runtime.arguments[key]! { return "\(key) \(text)" }
                return "\(key) \(runtime.arguments[key]!)"
            }
            return "a run of \(runtime.scenario)" + (arguments.isEmpty ? "" : " (\(arguments.joined(separator: ", ")))")
        case .compile(let compile):
            return "the compiler on \(compile.snippet == "inline" ? "a snippet" : compile.snippet)"
                + (compile.swiftVersion == 5 ? " (Swift 5 mode)" : "")
        case .run(let run): return "a program built from \(run.snippet), and run"
        case .crash(let crash): return "a child process running \(crash.scenario)"
        case .appleOnly: return "an Apple platform"
        case .toolchain(let requirement, _, _): return "\(requirement)"
        }
    }

    /// What a check's control changes, in a few words: `shape oneDropInOneStretch`, `a replacement in the snippet`,
    /// `Quiz/snippets/L38-C08-not-isolated.swift`, `the crash scenario gcd.syncOntoOtherQueue`.
    static func controlName(_ check: QuizCheck) -> String {
        func snippet(_ counterpart: CompileCounterpart) -> String {
            var parts: [String] = []
            if let other = counterpart.snippet { parts.append("Quiz/snippets/\(other) in its place") }
            if !counterpart.replacements.isEmpty {
                parts.append(counterpart.replacements.count == 1 ? "a replacement in the snippet" : "\(counterpart.replacements.count) replacements in the snippet")
            }
            if let version = counterpart.swiftVersion { parts.append("the Swift \(version) language mode") }
            if let flags = counterpart.flags { parts.append(flags.isEmpty ? "no extra flags" : flags.joined(separator: " ")) }
            return parts.joined(separator: ", ")
        }
        switch check {
        case .runtime(let runtime):
            guard case .arguments(let values, _) = runtime.control else { return "none" }
            return values.keys.sorted().map { key in
                if case .string(let text) = values[key]! { return "\(key) \(text)" }
                return "\(key) \(values[key]!)"
            }.joined(separator: ", ")
        case .compile(let compile):
            guard case .counterpart(let counterpart)? = compile.control else { return "none" }
            return snippet(counterpart)
        case .run(let run):
            guard case .counterpart(let counterpart) = run.control else { return "none" }
            return snippet(counterpart)
        case .crash(let crash):
            guard case .counterpart(let scenario, let environment, _)? = crash.control else { return "none" }
            let settings = environment.map { values in "the child started with " + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ") }
            return [scenario.map { "the crash scenario \($0)" }, settings].compactMap { $0 }.joined(separator: ", ")
        case .toolchain(_, _, let inner?): return controlName(inner.check)
        case .appleOnly, .toolchain: return "none"
        }
    }

    /// The bank's note on a check, if it has one.
    static func note(of check: QuizCheck) -> String? {
        switch check {
        case .runtime(let runtime): runtime.note
        case .compile(let compile): compile.note
        case .run(let run): run.note
        case .crash(let crash): crash.note
        case .appleOnly, .toolchain: nil
        }
    }

    /// Excerpts as the full form prints them: each caption, then its lines numbered, their common indent taken off.
    static func excerpts(_ excerpts: [Excerpt], indent: String) -> [String] {
        var lines: [String] = []
        var lastFile = ""
        for excerpt in excerpts {
            var caption = excerpt.caption
            if !excerpt.numbers.isEmpty, excerpt.file != lastFile || !caption.isEmpty {
                caption += (caption.isEmpty ? "" : " at ") + excerpt.place
            }
            if !excerpt.after.isEmpty { caption += " " + excerpt.after }
            if !caption.isEmpty { lines += QuizReport.wrap(caption, indent: indent, then: indent + "  ") }
            lines += codeLines(excerpt.texts, numbers: excerpt.numbers.isEmpty ? nil : excerpt.numbers, marked: excerpt.marked,
                               indent: indent + "  ")
            if !excerpt.file.isEmpty { lastFile = excerpt.file }
        }
        return lines
    }

    /// Code lines, their common indent taken off, each after its number (`  56 │ `) if given; a line too long for the
    /// width goes on under it, further in.
    static func codeLines(_ texts: [String], numbers: [Int]?, marked: Set<Int> = [], indent: String) -> [String] {
        let margin = texts.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        var lines: [String] = []
        for (position, text) in texts.enumerated() {
            let body = String(text.dropFirst(min(margin, text.prefix { $0 == " " }.count)))
            var gutter = indent, blank = indent
            if let numbers {
                if position > 0, numbers[position] > numbers[position - 1] + 1 { lines.append(indent + "   ⋮") }
                let number = String(numbers[position])
                gutter += String(repeating: " ", count: max(0, 4 - number.count)) + number
                    + (marked.contains(numbers[position]) ? " ▶ " : " │ ")
                blank += "     │ "
            }
            let own = body.prefix { $0 == " " }
            var rest = Substring(body)
            var prefix = gutter
            while prefix.count + rest.count > QuizReport.width {
                let room = QuizReport.width - prefix.count
                let cut = rest.prefix(room).lastIndex(of: " ").flatMap { $0 > rest.startIndex ? $0 : nil } ?? rest.index(rest.startIndex, offsetBy: room)
                lines.append(prefix + rest[..<cut])
                rest = rest[cut...].drop { $0 == " " }
                prefix = blank + own + "    "
            }
            lines.append(prefix + rest)
        }
        return lines
    }

    /// What the schedules and kinds of check this entry ran mean, in a line: where each was observed.
    static func where_(schedules: Set<String>, kinds: Set<String>) -> String {
        var parts: [String] = []
        if schedules.contains("strict") || schedules.contains("seeded") {
            parts.append("strict and seeds run in the harness's model: one thread it schedules, where nothing runs beside a job")
        }
        if schedules.contains("system") { parts.append("system runs on the runtime: Linux's own pool and main actor") }
        if kinds.contains("crash") || kinds.contains("run") { parts.append("a child process or a built program runs on the runtime") }
        if kinds.contains("compile") { parts.append("a compile check is the compiler's word") }
        return parts.isEmpty ? "" : "Where: " + parts.joined(separator: "; ") + "."
    }
}
