import Foundation

/// An entry laid out for its audit, clause by clause (`swift run quiz --clauses ID`): the question and the answer; each
/// clause with the checks it names and their verdicts here, or why none puts it at risk; then each check as the bank
/// writes it — where its scenario is registered or its snippet's text, its expectation, its control and why, its note
/// and audit. What it is for: judging, side by side, whether each named check's control breaks what its clause says.
public struct ClauseView: Sendable {
    /// Every entry of the bank's files as written, by id: each check's fields in the bank's own words.
    let written: [String: JSONValue]
    /// The registrations: where each scenario is registered, as the compiler says.
    let catalog: Catalog
    /// The package's sources, where those registrations are.
    let tree: SourceTree
    /// The bank's folder, for its snippets.
    let directory: String

    /// A view of the bank in `directory` (its `*.json` files read again as written), whose scenarios `catalog`
    /// registers in the sources of `tree`.
    public init(directory: String, catalog: Catalog, tree: SourceTree = SourceTree(folders: ["Sources/QuizCatalog"])) {
        self.directory = directory
        self.catalog = catalog
        self.tree = tree
        var written: [String: JSONValue] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory))?.filter { $0.hasSuffix(".json") } ?? []
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name), let root = try? JSONValue(reading: data),
                  case .array(let entries) = root[[AnyKey("entries")]] else { continue }
            for entry in entries {
                if case .string(let id) = entry[[AnyKey("id")]] { written[id] = entry }
            }
        }
        self.written = written
    }

    /// The fields a check may have, in the order the view prints them (any other last, by name).
    static let order = ["runtime", "compile", "run", "crash", "platform", "toolchain", "reason", "arguments", "schedules", "seeds",
                        "mode", "swiftVersion", "flags", "topLevel", "source", "expect", "expectSome", "failsWith", "diagnostic",
                        "pattern", "count", "at", "builds", "exit", "signal", "stdout", "stderr", "env", "linux", "control", "why",
                        "note", "adapted", "audit", "check"]

    /// The entry's lines: question, answer, clauses, checks.
    public func lines(_ result: EntryResult, entry: QuizEntry) -> [String] {
        var lines = ["\(entry.id) — \(result.category)" + (result.validatedOn.map { ", \($0.phrase)" } ?? "")]
        lines += QuizReport.wrap("question: \(entry.question)", indent: "  ")
        lines.append("  answer:")
        for line in entry.answer.components(separatedBy: "\n") { lines += QuizReport.wrap(line, indent: "    ") }
        lines.append("  clauses (each names the checks whose controls break what it says, or why none does):")
        for (number, clause) in result.clauses.enumerated() {
            let evidence: String
            switch clause.evidence {
            case .checks(let named):
                evidence = (result.atRisk(clause) ? "at risk in " : "NOT at risk here: ")
                    + named.map { "check \($0 + 1) (\(result.checks.indices.contains($0) ? result.checks[$0].verdict.word : "not run"))" }
                        .joined(separator: ", ")
            case .notChecked(let why): evidence = "not checked: \(why)"
            }
            lines += QuizReport.wrap("\(number + 1). \u{201C}\(QuizReport.flat(clause.text))\u{201D}", indent: "    ")
            lines += QuizReport.wrap("→ \(evidence)", indent: "       ")
        }
        guard let written = written[entry.id], case .array(let checks) = written[[AnyKey("checks")]] else { return lines }
        for (index, check) in checks.enumerated() {
            let verdict = result.checks.indices.contains(index) ? result.checks[index].verdict.description : "not run"
            let named = result.clauses.indices.filter { result.clauses[$0].named.contains(index) }.map { "\($0 + 1)" }
            lines += QuizReport.wrap("check \(index + 1), named by clause \(named.joined(separator: ", ")): \(verdict)", indent: "  ")
            lines += describe(check, indent: "    ")
        }
        return lines
    }

    /// A check's fields as the bank writes them, in `order`; where its scenario is registered, or its snippet's text.
    func describe(_ check: JSONValue, indent: String) -> [String] {
        guard case .object(let fields) = check else { return [] }
        var lines: [String] = []
        for key in Self.order.filter({ fields[$0] != nil }) + fields.keys.filter({ !Self.order.contains($0) }).sorted() {
            let value = fields[key]!
            if key == "check" {
                lines.append(indent + "check (runs only under that toolchain):")
                lines += describe(value, indent: indent + "  ")
                continue
            }
            // Prose wraps; a value written as JSON stays on its line, every space of it kept (a replaced text's indent).
            if case .string = value { lines += QuizReport.wrap("\(key): \(Self.text(value))", indent: indent, width: 160) }
            else { lines.append(indent + "\(key): \(Self.text(value))") }
            switch (key, value) {
            case ("runtime", .string(let name)), ("crash", .string(let name)): lines += registration(of: name, indent: indent + "  ")
            case ("compile", .string(let file)), ("run", .string(let file)): lines += snippet(file, indent: indent + "  ")
            case ("control", .object(let control)):
                if case .string(let name)? = control["crash"] { lines += registration(of: name, indent: indent + "  ") }
                if case .string(let file)? = control["compile"] { lines += snippet(file, indent: indent + "  ") }
            default: break
            }
        }
        return lines
    }

    /// Where the catalog registers `name` (as the compiler says): its file and line, and that line.
    func registration(of name: String, indent: String) -> [String] {
        guard let place = catalog.scenarios[name]?.registeredAt ?? catalog.crashes[name]?.registeredAt else {
            return [indent + "(\"\(name)\" is not registered in the catalog)"]
        }
        let line = tree.text(place).map { ": " + $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return [indent + "registered at \(tree.relative(place.file)):\(place.line)\(line)"]
    }

    /// A snippet's text, its lines numbered.
    func snippet(_ file: String, indent: String) -> [String] {
        guard file != "inline", let text = try? String(contentsOfFile: directory + "/snippets/" + file, encoding: .utf8) else { return [] }
        let lines = text.components(separatedBy: "\n")
        return [indent + "Quiz/snippets/\(file):"] + lines.indices.dropLast(lines.last == "" ? 1 : 0).map {
            indent + String(format: "%3d  ", $0 + 1) + lines[$0]
        }
    }

    /// A value as the bank writes it: a string as itself, anything else as compact JSON.
    static func text(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): text
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .int(let number): "\(number)"
        case .double(let number): "\(number)"
        case .array(let items): "[" + items.map(json).joined(separator: ", ") + "]"
        case .object(let fields): "{" + fields.keys.sorted().map { "\"\($0)\": \(json(fields[$0]!))" }.joined(separator: ", ") + "}"
        }
    }

    /// A value as JSON.
    static func json(_ value: JSONValue) -> String {
        guard case .string(let text) = value else { return Self.text(value) }
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\n", with: "\\n")
        return "\"\(escaped)\""
    }
}
