import Foundation
import Harness

/// Reads the bank's JSON files into its `Decodable` types, against the catalog of scenarios and the snippet folder.
///
/// Nothing is ignored: an unknown field, an unknown scenario, an argument the scenario does not take, an
/// expectation on a value it never reports, a missing snippet — each is a `QuizBankError` naming the file, the
/// entry and the field.
public enum QuizBankLoader {
    /// Reads every `*.json` file of `directory` (in name order), with snippets in `directory/snippets`.
    public static func load(directory: String, catalog: Catalog) throws(QuizBankError) -> QuizBank {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) else {
            throw QuizBankError(file: directory, "not found: there is no bank folder at this path")
        }
        guard isFolder.boolValue else { throw QuizBankError(file: directory, "is a file, not a bank folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw QuizBankError(file: directory, "cannot list the bank's folder: \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw QuizBankError(file: directory, "holds no .json bank file") }
        var entries: [QuizEntry] = []
        var seen: [String: (file: String, bank: String)] = [:]
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                throw QuizBankError(file: name, "cannot be read")
            }
            for entry in try parse(file: name, data: data, snippets: directory + "/snippets", catalog: catalog) {
                if let other = seen[entry.id] {
                    // The blame goes to the file whose bank the id's prefix does not name (L37-C01 is L37's).
                    let prefix = String(entry.id.prefix { $0 != "-" })
                    let (blamed, kept) = other.bank != prefix && entry.bank == prefix ? (other.file, name) : (name, other.file)
                    throw QuizBankError(file: blamed, entry: entry.id, field: "id", "is also the id of an entry in \(kept): "
                        + "an id names one entry in the whole bank (found in \(other.file) and \(name))")
                }
                seen[entry.id] = (name, entry.bank)
                entries.append(entry)
            }
        }
        return QuizBank(directory: directory, entries: entries)
    }

    /// Parses one bank file's `data`; `file` names it in errors. Snippet files are looked for in `snippets`
    /// (nil: not checked).
    public static func parse(file: String, data: Data, snippets: String?, catalog: Catalog)
        throws(QuizBankError) -> [QuizEntry]
    {
        let root: JSONValue
        do { root = try JSONValue.read(data) } catch { throw QuizBankError(file: file, "is not valid JSON: \(error)") }
        let context = BankContext(file: file, root: root, catalog: catalog, snippets: snippets)
        if let twice = JSONValue.firstDuplicate(in: Array(data)) {
            throw context.error("the key \"\(twice.key)\" is written twice in one object (lines \(twice.lines.0) and "
                + "\(twice.lines.1)); JSON keeps only one of the two values, so remove one", at: twice.path + [.key(twice.key)])
        }
        do {
            let bank = try BankDecoder(root, at: [], context).decode(BankFile.self)
            var ids: Set<String> = []
            return try bank.entries.map { entry in
                guard ids.insert(entry.id).inserted else {
                    throw QuizBankError(file: file, entry: entry.id, field: "id", "appears twice in this file")
                }
                var entry = entry
                entry.bank = bank.bank
                return entry
            }
        } catch let error as QuizBankError {
            throw error
        } catch {
            throw QuizBankError(file: file, "\(error)")
        }
    }

    /// `L37-C04`, `L38-Q01`, `L38-AQ13`, `QA-03`, `AR-12`.
    static func isID(_ text: String) -> Bool {
        text.range(of: #"^(L[0-9]{2}-(C|Q|AQ|S)[0-9]{2}|QA-[0-9]{2}|AR-[0-9]{2})$"#, options: .regularExpression) != nil
    }

    /// "did you mean jar.pourSlowly?" — the known name closest to a misspelt one.
    static func nearest(_ name: String, in known: some Collection<String>) -> String {
        func distance(_ a: String, _ b: String) -> Int {
            let a = Array(a), b = Array(b)
            var row = Array(0...b.count)
            for i in a.indices {
                var previous = row[0]
                row[0] = i + 1
                for j in b.indices {
                    let old = row[j + 1]
                    row[j + 1] = min(row[j + 1] + 1, row[j] + 1, previous + (a[i] == b[j] ? 0 : 1))
                    previous = old
                }
            }
            return row[b.count]
        }
        guard let best = known.min(by: { distance(name, $0) < distance(name, $1) }) else { return "the catalog is empty" }
        return "did you mean \(best)?"
    }
}

/// A bank file: `{"bank": "L37", "title": …, "seed": …, "entries": […]}`.
struct BankFile: Decodable {
    var bank: String
    var title: String?
    var seed: String?
    var entries: [QuizEntry]
}

extension QuizEntry: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        id = try fields.decode(String.self, forKey: "id")
        guard QuizBankLoader.isID(id) else {
            throw bank.error("\"\(id)\" is not an id like L37-C04, L38-Q01, L38-AQ13, QA-03 or AR-02", at: "id")
        }
        self.bank = ""
        kind = try fields.decode(Kind.self, forKey: "kind")
        label = try fields.decodeIfPresent(String.self, forKey: "label")
        question = try fields.decode(String.self, forKey: "question")
        code = try fields.decodeIfPresent(String.self, forKey: "code")
        answer = try fields.decode(String.self, forKey: "answer")
        source = try fields.decodeIfPresent(String.self, forKey: "source")
        notChecked = try fields.decodeIfPresent([String].self, forKey: "notChecked") ?? []
        if let blank = notChecked.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).isEmpty }) {
            throw bank.error("is empty: name the part of the answer and why no check guards it", at: "notChecked[\(blank)]")
        }
        guard fields.contains("checks") else {
            throw bank.error("is missing: every entry says what validates it (or why nothing can)", at: "checks")
        }
        checks = try fields.decode([QuizCheck].self, forKey: "checks")
        guard !checks.isEmpty else { throw bank.error("expected a non-empty array of checks, found an array", at: "checks") }
    }
}

extension QuizCheck: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        let kinds = ["runtime", "compile", "run", "crash", "platform", "toolchain"].filter { fields.contains(BankKey(stringValue: $0)) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw bank.error(kinds.isEmpty ? "a check needs one of runtime, compile, run, crash, platform or toolchain"
                : "a check has exactly one of runtime, compile, run, crash, platform or toolchain, not \(kinds.joined(separator: " and "))")
        }
        switch kind {
        case "runtime": self = .runtime(try RuntimeCheck(from: decoder))
        case "compile": self = .compile(try CompileCheck(from: decoder))
        case "run": self = .run(try RunCheck(from: decoder))
        case "crash": self = .crash(try CrashCheck(from: decoder))
        case "platform":
            let platform = try fields.decode(String.self, forKey: "platform")
            guard platform == "apple-only" else {
                throw bank.error("\"\(platform)\" is not a platform this bank knows (apple-only)", at: "platform")
            }
            self = .appleOnly(reason: try fields.decode(String.self, forKey: "reason"))
        default:
            let text = try fields.decode(String.self, forKey: "toolchain")
            let orEarlier = text.hasPrefix("...")
            guard let version = ToolchainVersion(orEarlier ? String(text.dropFirst(3)) : text) else {
                throw bank.error("\"\(text)\" is not a version like 6.4 or ...5.10", at: "toolchain")
            }
            let requirement = ToolchainRequirement(version: version, orEarlier: orEarlier)
            let reason = try fields.decode(String.self, forKey: "reason")
            let resolves = bank.resolvesNames
            bank.resolvesNames = resolves && requirement.allows(.current)
            defer { bank.resolvesNames = resolves }
            self = .toolchain(requirement, reason: reason,
                              check: try fields.decodeIfPresent(QuizCheck.self, forKey: "check").map(QuizCheckBox.init))
        }
        if case .appleOnly = self, fields.contains("audit") { throw Self.auditHere(bank) }
        if case .toolchain = self, fields.contains("audit") { throw Self.auditHere(bank) }
    }

    /// An audit on a skip, which runs nothing here.
    static func auditHere(_ bank: BankDecoder) -> QuizBankError {
        bank.error("is for a check that runs here (runtime, compile, run, crash); a platform or toolchain check is audited "
            + "in its own check", at: "audit")
    }
}

extension KeyedDecodingContainer<BankKey> {
    /// The check's `audit`, if any: what, in the code under test, could have made it fail.
    func audit(_ bank: BankDecoder) throws -> String? {
        guard let audit = try decodeIfPresent(String.self, forKey: "audit") else { return nil }
        guard !audit.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw bank.error("is empty: say what, in the code under test, could have made the check fail", at: "audit")
        }
        return audit
    }

    /// The check's `control` as `Counterpart`, or nil for `"none"` with a `why` beside it (returned). Missing is an
    /// error that shows `form`, the counterfactual's form for this kind of check.
    func control<Counterpart: Decodable>(_ type: Counterpart.Type, _ bank: BankDecoder, form: String)
        throws -> (Counterpart?, why: String)
    {
        guard contains("control") else {
            throw bank.error("is missing: name the counterfactual under which the expectation must fail (\(form)), or say "
                + "\"none\" with a \"why\"", at: "control")
        }
        if case .object(let fields) = bank.value, fields["control"] == .string("none") {
            _ = try decodeNil(forKey: "control")
            guard contains("why") else { throw bank.error("is missing: why can no counterfactual exist?", at: "why") }
            return (nil, try decode(String.self, forKey: "why"))
        }
        let counterpart = try decode(Counterpart.self, forKey: "control")
        return (counterpart, "")
    }

    /// A snippet file named at `key` (of `bank` by default, `in` another place): a file of the snippet folder.
    func snippet(_ key: BankKey, _ bank: BankDecoder) throws -> String? {
        guard let name = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard name.hasSuffix(".swift"), !name.contains("/") else {
            throw bank.error("\"\(name)\" is not a file name in Quiz/snippets ending in .swift", at: key.stringValue)
        }
        if let folder = bank.context.snippets, !FileManager.default.fileExists(atPath: folder + "/" + name) {
            throw bank.error("no snippet file \(name) in \(folder)", at: key.stringValue)
        }
        return name
    }
}

extension String {
    /// Nil for the empty string: `list.joined().nonEmpty ?? "none"`.
    var nonEmpty: String? { isEmpty ? nil : self }
}
