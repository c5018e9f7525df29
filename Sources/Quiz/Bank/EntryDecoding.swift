import Foundation

// How a bank file, its entries and their checks read themselves, and the rules every check shares: each field in
// the order the bank's README lists it, each mistake refused at its place.

/// A bank file: `{"bank": "L37", "title": …, "seed": …, "entries": […]}`.
struct BankFile: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case bank, title, seed, entries }
    var bank: String, title: String?, seed: String?, entries: [QuizEntry]

    init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (bank, title, seed, entries) = try (fields.decode(.bank), fields[.title], fields[.seed], fields.decode(.entries))
        var ids: Set<String> = []
        for index in entries.indices {
            entries[index].bank = bank
            guard ids.insert(entries[index].id).inserted else {
                let id: [any CodingKey] = [AnyKey("entries"), AnyKey(intValue: index), AnyKey("id")]
                throw Refusal(path: decoder.codingPath + id, message: "appears twice in this file")
            }
        }
    }
}

extension QuizEntry: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, kind, label, question, code, answer, source, checks, clauses
        /// No longer a field of the entry: what no check guards is said in its clause.
        case notChecked
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (id, bank) = (try fields.decode(.id), "")
        try decoder.require(QuizBankLoader.isID(id), "\"\(id)\" is not an id like L37-C04, L38-Q01, L38-AQ13, QA-03 or AR-02", at: "id")
        (kind, label, question) = try (fields.decode(.kind), fields[.label], fields.decode(.question))
        (code, answer, source) = try (fields[.code], fields.decode(.answer), fields[.source])
        try decoder.require(!fields.contains(.notChecked), "has moved into the clauses: write \"notChecked\": \"why\" in the clause "
            + "holding that part of the answer", at: "notChecked")
        try decoder.require(fields.contains(.checks), "is missing: every entry says what validates it (or why nothing can)", at: "checks")
        checks = try fields.decode(.checks)
        try decoder.require(!checks.isEmpty, "expected a non-empty array of checks, found an array", at: "checks")
        try decoder.require(fields.contains(.clauses), "is missing: divide the answer into clauses, each naming the checks that put "
            + "it at risk (\"checks\": [1]) or saying why none does (\"notChecked\": \"…\")", at: "clauses")
        clauses = try fields.decode(.clauses)
        try Self.check(clauses, answer: answer, checks: checks.count, decoder)
    }

    /// Refuses clauses that are not the answer, a clause naming a check the entry does not have (or one twice), and
    /// a check no clause names.
    static func check(_ clauses: [QuizClause], answer: String, checks: Int, _ decoder: any Decoder) throws {
        try decoder.require(!clauses.isEmpty, "is empty: divide the answer into clauses (one, if it is one claim)", at: "clauses")
        func quoted(_ text: Substring) -> String {
            let flat = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return "\u{201C}" + (flat.count > 60 ? flat.prefix(59) + "…" : flat) + "\u{201D}"
        }
        if let (index, rest) = QuizClause.mismatch(clauses.map(\.text), answer: answer) {
            guard index < clauses.count else {
                throw decoder.refuse("end before the answer does: \(quoted(rest)) is in no clause (the clauses, joined, are the "
                    + "answer word for word, whitespace aside)", at: ["clauses"])
            }
            try decoder.require(!rest.isEmpty, "goes on after the answer's last word: this clause says \(quoted(clauses[index].text[...])) "
                + "(the clauses, joined, are the answer word for word, whitespace aside)", at: "clauses[\(index)]", "text")
            throw decoder.refuse("is not the answer's next words: the answer goes on \(quoted(rest)), this clause says "
                + "\(quoted(clauses[index].text[...])) (the clauses, joined, are the answer word for word, whitespace aside)",
                at: ["clauses[\(index)]", "text"])
        }
        for (index, clause) in clauses.enumerated() {
            for (place, position) in clause.named.enumerated() {
                try decoder.require((0..<checks).contains(position), "\(position + 1) is not a check of this entry: it has \(checks) "
                    + "(numbered from 1)", at: "clauses[\(index)]", "checks[\(place)]")
                try decoder.require(!clause.named.prefix(place).contains(position), "names check \(position + 1) twice",
                                    at: "clauses[\(index)]", "checks[\(place)]")
            }
        }
        let named = Set(clauses.flatMap(\.named))
        if let unnamed = (0..<checks).first(where: { !named.contains($0) }) {
            throw decoder.refuse("no clause names this check (check \(unnamed + 1)): name it in the clause whose words it puts at "
                + "risk, or remove it", at: ["checks[\(unnamed)]"])
        }
    }
}

extension QuizClause: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case text, checks, notChecked }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        text = try fields.decode(.text)
        try decoder.require(text.contains { !$0.isWhitespace }, "is blank: a clause is words of the answer", at: "text")
        let given = [CodingKeys.checks, .notChecked].filter(fields.contains)
        try decoder.require(!given.isEmpty, "names no check and says why none puts it at risk: give \"checks\": [1, …] (the "
            + "checks whose controls break what it says) or \"notChecked\": \"why no check does\"")
        try decoder.require(given.count == 1, "has both \(given.map { "\"\($0.stringValue)\"" }.joined(separator: " and ")): a clause "
            + "is at risk in its checks, or says why no check puts it at risk")
        switch given[0] {
        case .notChecked:
            let why: String = try fields.decode(.notChecked)
            try decoder.require(why.contains { !$0.isWhitespace }, "is blank: say why no check puts this clause at risk", at: "notChecked")
            evidence = .notChecked(why)
        case let key:
            let numbers: [Int] = try fields.decode(key)
            try decoder.require(!numbers.isEmpty, "is empty: name the checks (from 1) that put this clause at risk", at: key.stringValue)
            evidence = .checks(numbers.map { $0 - 1 })
        }
    }
}

extension QuizCheck: Decodable {
    enum PlatformKeys: String, CodingKey, CaseIterable { case platform, reason }
    enum ToolchainKeys: String, CodingKey, CaseIterable { case toolchain, reason, check }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue), runs = ["runtime", "compile", "run", "crash"]
        let kinds = (runs + ["platform", "toolchain"]).filter(keys.contains)
        try decoder.require(kinds.count == 1, kinds.isEmpty ? "a check needs one of runtime, compile, run, crash, platform or toolchain"
            : "a check has exactly one of runtime, compile, run, crash, platform or toolchain, not \(kinds.joined(separator: " and "))")
        try decoder.require(runs.contains(kinds[0]) || !keys.contains("audit"), "is for a check that runs here (runtime, compile, "
            + "run, crash); a platform or toolchain check is audited in its own check", at: "audit")
        switch kinds[0] {
        case "runtime": self = .runtime(try RuntimeCheck(from: decoder))
        case "compile": self = .compile(try CompileCheck(from: decoder))
        case "run": self = .run(try RunCheck(from: decoder))
        case "crash": self = .crash(try CrashCheck(from: decoder))
        case "platform":
            let fields = try decoder.fields(PlatformKeys.self), platform: String = try fields.decode(.platform)
            try decoder.require(platform == "apple-only", "\"\(platform)\" is not a platform this bank knows (apple-only)", at: "platform")
            self = .appleOnly(reason: try fields.decode(.reason))
        default:
            let fields = try decoder.fields(ToolchainKeys.self), text: String = try fields.decode(.toolchain)
            guard let requirement = ToolchainRequirement(text) else {
                throw decoder.refuse("\"\(text)\" is not a version like 6.4 or ...5.10", at: ["toolchain"])
            }
            self = .toolchain(requirement, reason: try fields.decode(.reason), check: try fields[.check].map(QuizCheckBox.init))
        }
    }
}

extension ToolchainRequirement {
    /// Reads `6.4` (that version or later) or `...5.10` (that version or earlier).
    init?(_ text: String) {
        let parts = text.trimmingPrefix("...").split(separator: ".", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let major = parts[0], let minor = parts[1] else { return nil }
        self.init(version: ToolchainVersion(major, minor), orEarlier: text.hasPrefix("..."))
    }
}

extension BankReader {
    /// Whether names at `path` are looked up in the catalog: not inside a toolchain check this compiler does not
    /// meet, whose scenarios may exist only under that toolchain.
    func resolvesNames(at path: [any CodingKey]) -> Bool {
        !path.indices.contains { index in
            guard case .string(let text) = root[Array(path[..<index])][[AnyKey("toolchain")]] else { return false }
            return ToolchainRequirement(text)?.allows(.current) == false
        }
    }

    /// The text of a snippet file, if the folder is known and holds it.
    func text(of snippet: String) -> String? { snippets.flatMap { try? String(contentsOfFile: $0 + "/" + snippet, encoding: .utf8) } }
}

extension Decoder {
    /// Refuses a scenario the catalog does not know, runnable or pending (`crash`: a crash scenario), named at `key`.
    func knows(_ name: String, crash: Bool = false, at key: String) throws {
        let bank = try bank, catalog = bank.catalog
        guard bank.resolvesNames(at: codingPath), crash ? !catalog.knowsCrash(name) : catalog.shape(of: name) == nil else { return }
        let nearest = QuizBankLoader.nearest(name, in: crash ? Array(catalog.crashes.keys) + catalog.pendingCrashes.keys
                                                              : Array(catalog.scenarios.keys) + catalog.pending.keys)
        throw refuse(crash ? "unknown crash scenario \"\(name)\" (\(nearest))" : "unknown scenario \"\(name)\": the catalog has no "
            + "scenario of that name, runnable or pending (\(nearest))", at: [key])
    }
}

extension KeyedDecodingContainer {
    /// A language mode: 5 or 6.
    func swiftVersion(_ key: Key, _ decoder: any Decoder) throws -> Int? {
        let version = try whole(key, decoder)
        if let version { try decoder.require([5, 6].contains(version), "must be 5 or 6, not \(version)", at: key.stringValue) }
        return version
    }

    /// A regular expression.
    func pattern(_ key: Key, _ decoder: any Decoder) throws -> String? {
        guard let pattern: String = try self[key] else { return nil }
        try decoder.require((try? NSRegularExpression(pattern: pattern)) != nil, "is not a valid regular expression: \(pattern)",
                            at: key.stringValue)
        return pattern
    }

    /// A snippet file named at `key`, in the snippet folder (`inline`: or the word "inline", looked for before).
    func snippet(_ key: Key, _ decoder: any Decoder, inline: Bool = false) throws -> String? {
        guard let name: String = try self[key] else { return nil }
        try decoder.require(name.hasSuffix(".swift") && !name.contains("/"), "\"\(name)\" is not a file name in Quiz/snippets ending "
            + "in .swift" + (inline ? ", nor \"inline\"" : ""), at: key.stringValue)
        if let folder = try decoder.bank.snippets {
            try decoder.require(FileManager.default.fileExists(atPath: folder + "/" + name), "no snippet file \(name) in \(folder)",
                                at: key.stringValue)
        }
        return name
    }
}

/// The keys every check that runs here has beside its own: a note, how adapting the lesson's example changed what
/// is measured, the bank's audit, and the control (or `"none"` and why).
protocol CheckKeys: CodingKey, CaseIterable {
    static var note: Self { get }
    static var adapted: Self { get }
    static var audit: Self { get }
    static var control: Self { get }
    static var why: Self { get }
}

extension KeyedDecodingContainer where Key: CheckKeys {
    /// The check's note, what adapting changed, and its audit: what, in the code under test, could make it fail.
    func notes(_ decoder: any Decoder) throws -> (note: String?, adapted: String?, audit: String?) {
        let audit: String? = try self[.audit]
        try decoder.require(audit?.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty != true,
                            "is empty: say what, in the code under test, could have made the check fail", at: "audit")
        return (try self[.note], try self[.adapted], audit)
    }

    /// The check's `control` as `Counterpart`, or nil for `"none"`, with its `why`. Missing is refused, showing
    /// `form`, the counterfactual's form for this kind of check.
    func control<Counterpart: Decodable>(_: Counterpart.Type, _ decoder: any Decoder, form: String) throws
        -> (Counterpart?, why: String)
    {
        try decoder.require(contains(.control), "is missing: name the counterfactual under which the expectation must fail (\(form)), "
            + "or say \"none\" with a \"why\"", at: "control")
        guard (try? decode(String.self, forKey: .control)) == "none" else {
            let counterpart: Counterpart = try decode(.control)
            try decoder.require(!contains(.why), "is only for \"control\": \"none\"; a control's why is inside it", at: "why")
            return (counterpart, "")
        }
        try decoder.require(contains(.why), "is missing: why can no counterfactual exist?", at: "why")
        return (nil, try decode(.why))
    }

    /// A compile or run check's control, its replaced texts found in the snippet's `text`.
    func compileControl(_ decoder: any Decoder, text: String?) throws -> CompileControl {
        let (given, why) = try control(CompileCounterpart.self, decoder, form: "{\"compile\": \"Other.swift\"} or "
            + "{\"replace\": [[\"from\", \"to\"]]} or {\"swiftVersion\": 5} or {\"flags\": […]}, with a \"why\"")
        guard let given else { return .none(why: why) }
        if given.snippet == nil, let text, let index = given.replacements.firstIndex(where: { !text.contains($0.from) }) {
            throw decoder.refuse("\"\(given.replacements[index].from)\" is not in the snippet: the control would change nothing",
                                 at: ["control", "replace[\(index)]"])
        }
        return .counterpart(given)
    }
}

extension QuizEntry.Kind: BankWord {}
extension QuizSchedule: BankWord {}
extension CompileCheck.Mode: BankWord {}
extension CompileCheck.Outcome: BankWord {}
extension CrashCheck.Exit: BankWord {}
