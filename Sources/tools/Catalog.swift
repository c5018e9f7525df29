import Foundation

/// One breakage of the catalog: a patch in `Breakages/<kind>/NAME.patch` whose header says what it breaks and which
/// tests must catch it.
struct Breakage {
    /// Who a kind of breakage is for: the students' break a lesson's subject; the others are the harness's and the
    /// quiz's checks of themselves.
    enum Kind: String, CaseIterable {
        case subjects = "Subjects", harness = "Harness", quiz = "Quiz"

        /// How `--list` heads the kind.
        var heading: String {
            switch self {
            case .subjects: "A lesson's subject broken the way the lesson warns (for students)"
            case .harness: "The harness broken (its own tests must catch it)"
            case .quiz: "The quiz broken (its own tests must catch it)"
            }
        }
    }

    var name: String
    var kind: Kind
    /// The patch, relative to the package: `Breakages/Subjects/countdown-off-by-one.patch`.
    var path: String
    /// The patch's text.
    var text: String

    /// The value of the header line `# KEY: …` (the first such line), or "".
    func header(_ key: String) -> String {
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) where line.hasPrefix("# \(key): ") {
            return String(line.dropFirst(key.count + 4))
        }
        return ""
    }

    /// The `swift test --filter` pattern of the tests that must catch it.
    var mustFail: String { header("Must fail") }

    /// The lines the patch adds to each file it changes, by file.
    var addedLines: [String: [String]] {
        var lines: [String: [String]] = [:], file: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("+++ ") { file = String(line.dropFirst(4)).replacingOccurrences(of: "b/", with: "", options: .anchored); continue }
            if line.hasPrefix("--- ") { file = nil; continue }
            if let file, line.hasPrefix("+"), line.dropFirst().contains(where: { !$0.isWhitespace }) {
                lines[file, default: []].append(String(line.dropFirst()))
            }
        }
        return lines
    }
}

/// Every breakage of `Breakages/`, by kind and then name.
struct BreakageCatalog {
    var all: [Breakage]

    init(root: String) {
        all = Breakage.Kind.allCases.flatMap { kind -> [Breakage] in
            let folder = "Breakages/\(kind.rawValue)"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: root + "/" + folder)) ?? []
            return names.filter { $0.hasSuffix(".patch") }.sorted().compactMap { file in
                guard let text = try? String(contentsOfFile: "\(root)/\(folder)/\(file)", encoding: .utf8) else { return nil }
                return Breakage(name: String(file.dropLast(6)), kind: kind, path: "\(folder)/\(file)", text: text)
            }
        }
    }

    /// The breakage a user named (`NAME`, `Breakages/…/NAME.patch`), or why none is.
    func named(_ typed: String) -> Result<Breakage, Failure> {
        var name = typed.hasSuffix(".patch") ? String(typed.dropLast(6)) : typed
        name = name.split(separator: "/").last.map(String.init) ?? name
        if let found = all.first(where: { $0.name == name }) { return .success(found) }
        let close = closest(to: name)
        return .failure(Failure("no breakage named '\(name)'" + (close.isEmpty ? "" : "; did you mean: \(close.joined(separator: ", "))?")
            + " (the catalog: scripts/break --list)", status: 2))
    }

    /// Up to three names closest to `name`: those containing it or contained in it first, then by edit distance (at
    /// most a third of its length, and at least 3).
    func closest(to name: String) -> [String] {
        let limit = max(name.count / 3, 3)
        return all.map(\.name).compactMap { known -> (Int, String)? in
            let score = name.count >= 3 && (known.contains(name) || name.contains(known)) ? 0 : distance(name, known)
            return score <= limit ? (score, known) : nil
        }.sorted { $0 < $1 }.prefix(3).map(\.1)
    }

    /// The width of the name column: the longest name.
    var nameWidth: Int { max(all.map(\.name.count).max() ?? 8, 8) }
}

/// The edit distance between two names.
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

/// Why a command stops: its message, and the exit status (1: missed; 2: misuse).
struct Failure: Error {
    var message: String
    var status: Int32

    init(_ message: String, status: Int32) {
        self.message = message
        self.status = status
    }
}

extension String {
    /// The text padded with spaces to `width` characters.
    func padded(to width: Int) -> String { count >= width ? self : self + String(repeating: " ", count: width - count) }

    /// The text cut to `limit` characters, with "…" where it was cut.
    func cut(to limit: Int) -> String { count <= limit ? self : String(prefix(limit - 1)) + "…" }
}
