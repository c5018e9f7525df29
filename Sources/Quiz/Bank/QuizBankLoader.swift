import Foundation

/// Reads the bank's JSON files with `JSONDecoder` into its `Decodable` types, against the catalog of scenarios and the
/// snippet folder.
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
        do { names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted() } catch {
            throw QuizBankError(file: directory, "cannot list the bank's folder: \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw QuizBankError(file: directory, "holds no .json bank file") }
        var entries: [QuizEntry] = [], seen: [String: (file: String, bank: String)] = [:]
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
        do { root = try JSONValue(reading: data) } catch { throw QuizBankError(file: file, "is not valid JSON: \(error)") }
        let reader = BankReader(root: root, catalog: catalog, snippets: snippets)
        do {
            if let twice = JSONValue.firstDuplicate(in: Array(data)), let key = twice.path.last?.stringValue {
                throw Refusal(path: twice.path, message: "the key \"\(key)\" is written twice in one object (lines "
                    + "\(twice.lines.0) and \(twice.lines.1)); JSON keeps only one of the two values, so remove one")
            }
            let decoder = JSONDecoder()
            decoder.userInfo[BankReader.key] = reader
            return try decoder.decode(BankFile.self, from: data).entries
        } catch {
            throw reader.mistake(in: file, error)
        }
    }

    /// `L37-C04`, `L38-Q01`, `L38-AQ13`, `QA-03`, `AR-12`.
    static func isID(_ text: String) -> Bool {
        text.range(of: #"^(L[0-9]{2}-(C|Q|AQ|S)[0-9]{2}|QA-[0-9]{2}|AR-[0-9]{2})$"#, options: .regularExpression) != nil
    }

    /// "did you mean jar.pourSlowly?" — the known name fewest letters away from a misspelt one (ties: the first by name).
    static func nearest(_ name: String, in known: some Collection<String>) -> String {
        let best = known.sorted().min { Array(name).difference(from: $0).count < Array(name).difference(from: $1).count }
        return best.map { "did you mean \($0)?" } ?? "the catalog is empty"
    }
}
