import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `scripts/check-docs`: what a student reads runs. Every command, test name, breakage name and path the docs show
/// is checked against the package as it is: the tests `swift test list` names, the options each command's `--help`
/// names, the variables the package reads, the files there are. One line per problem, then a summary.
struct DocsCheck {
    static let usage = """
        Checks that what a student reads runs: every command, test name, breakage name and path that
        README.md, docs/*.md, Quiz/README.md and Sources/Subjects/README.md show. One line per problem
        (file:line, what is wrong), then a summary; a renamed test breaks CI, not a student.

          - `swift test --filter X` selects at least one test of `swift test list` (X as the regular
            expression it is, searched in each test's name), and every option is one `swift test --help` knows;
          - a test or suite name in backquotes (`JarTests/pourIsExact`, `ReentrancyTests.ShopTests`) names a
            module, suite or test whole (a trailing … marks a prefix on purpose);
          - `swift run quiz …` parses (`quiz --dry-run …`: the options, the HARNESS_* settings, the selection);
            `swift run PRODUCT` names a product, with options its source knows;
          - `scripts/NAME …` is an executable script and every option is one its `--help` names; a breakage
            it is given, and every name in a table's "breakage" column, is in Breakages/;
          - a VARIABLE=value before a command is one the package reads;
          - a path under Sources/, Tests/, Quiz/, Breakages/, scripts/, docs/, .ci/ or .github/ exists;
          - a block of a command's output (a fence with no language) says right above it what command
            printed it and when (a YYYY-MM-DD date), so a figure is either regenerated or dated.
        Placeholders are left alone: NAME, [N], <…>, '…', 0x….

          scripts/check-docs            needs the package built with its tests (`swift build --build-tests`)
          scripts/check-docs FILE…      only these files
          scripts/check-docs --help     this text

        Exit status: 0 all true, 1 any problem, 2 misuse (or the package is not built).
        """

    /// The files the docs check reads when it is given none.
    static var defaultFiles: [String] {
        let docs = ((try? FileManager.default.contentsOfDirectory(atPath: "docs")) ?? []).filter { $0.hasSuffix(".md") }
        return ["README.md"] + docs.sorted().map { "docs/" + $0 } + ["Quiz/README.md", "Sources/Subjects/README.md"]
    }

    /// What one line of a doc shows that is checked.
    enum Kind { case command, name, breakage, path, undated, output }

    /// One thing a doc shows, where it shows it (`FILE:LINE`).
    struct Record {
        var place: String
        var kind: Kind
        var text: String
    }

    let files: [String]
    /// Every test `swift test list` names, `Module.Suite/test(labels:)`.
    private var tests: [String] = []
    private var testHelp = "", runHelp = "", packageManifest = ""
    /// Where the package's built products are: the quiz's `--dry-run` is run from there.
    private var bin = ""
    /// The environment variables the package reads: the harness's, the strict pool's, the scripts'.
    private var variables: Set<String> = []
    /// Each script's `--help`, asked once.
    private var scriptHelp: [String: String] = [:]
    private var problems = 0
    private var commands = 0, names = 0, breakages = 0, paths = 0, outputs = 0

    init(files: [String]) { self.files = files }

    /// Runs the check: 0 all true, 1 a problem, 2 the package is not built.
    mutating func run() -> Int32 {
        let list = capture(["swift", "test", "list", "--skip-build"])
        tests = list.output.split(separator: "\n").map(String.init)
        guard list.status == 0, !tests.isEmpty else {
            let reason = list.error.split(separator: "\n", omittingEmptySubsequences: false).suffix(5).joined(separator: "\n")
            fail(Failure("check-docs: swift test list failed (build the package with its tests first):\n" + reason, status: 2))
        }
        bin = capture(["swift", "build", "--show-bin-path"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        testHelp = capture(["swift", "test", "--help"], merged: true).output
        runHelp = capture(["swift", "run", "--help"], merged: true).output
        packageManifest = (try? String(contentsOfFile: "Package.swift", encoding: .utf8)) ?? ""
        variables = Self.variablesRead()

        for record in files.flatMap(Self.records(of:)) { check(record) }

        let summary = "\(commands) commands, \(names) test names, \(breakages) breakage names, \(paths) paths, "
            + "\(outputs) output blocks in \(files.count) files, against \(tests.count) tests"
        if problems > 0 {
            print("check-docs: \(problems) problems (\(summary))")
            return 1
        }
        print("check-docs: all true (\(summary))")
        return 0
    }

    private mutating func problem(_ place: String, _ text: String) {
        print("\(place): \(text)")
        problems += 1
    }

    private mutating func check(_ record: Record) {
        let (place, text) = (record.place, record.text)
        switch record.kind {
        case .command:
            if (text.hasPrefix("scripts/") && text.contains(" ")) || text.hasPrefix("swift") || text.contains("=") {
                checkCommand(place, text)
            } else {
                paths += 1
                if !FileManager.default.isExecutableFile(atPath: text) { problem(place, "\(text) is not an executable script") }
            }
        case .name:
            names += 1
            if !namesTests(text) { problem(place, "no test, suite or module is named \(text) (swift test list)") }
        case .breakage:
            guard !Self.isPlaceholder(text) else { return }
            breakages += 1
            if !Self.isBreakage(text) { problem(place, "no breakage named '\(text)' in Breakages/") }
        case .path:
            let stem = text.lastIndex(of: ".").map { String(text[..<$0]) } ?? text
            guard !Self.isPlaceholder(Self.basename(stem)) else { return }
            paths += 1
            let path = text.hasSuffix("/") ? String(text.dropLast()) : text
            if !Self.exists(path) { problem(place, "\(text) does not exist") }
        case .undated:
            outputs += 1
            problem(place, "a command's output is shown without the command and the date (YYYY-MM-DD) that printed it, just above it")
        case .output:
            outputs += 1
        }
    }

    // MARK: Commands

    /// Checks one command line found at `place`: its variables first, then the command.
    private mutating func checkCommand(_ place: String, _ shown: String) {
        var line = shown
        // Shell arithmetic and CI expressions ($(( … )), ${{ … }}) are the workflow's, not a command's.
        if line.contains("$((") {
            let name = String(line.prefix { $0 != "=" })
            if !variables.contains(name) { problem(place, "\(name): no such variable is read by the package") }
            if let end = line.range(of: ")) ", options: .backwards) { line = String(line[end.upperBound...]) }
        }
        guard var words = Self.shellWords(line) else {
            problem(place, "cannot read as a shell command: \(line)")
            return
        }
        while let first = words.first, first.first.map({ ("A"..."Z").contains($0) }) == true, first.contains("=") {
            let name = String(first.prefix { $0 != "=" })
            if !variables.contains(name) { problem(place, "\(name): no such variable is read by the package") }
            words.removeFirst()
        }
        guard let first = words.first else { return }
        let second = words.count > 1 ? words[1] : ""
        switch (first, second) {
        case ("swift", "test"): commands += 1; checkSwiftTest(place, Array(words.dropFirst(2)))
        case ("swift", "run"): commands += 1; checkSwiftRun(place, Array(words.dropFirst(2)))
        case _ where first.hasPrefix("scripts/"): commands += 1; checkScript(place, first, Array(words.dropFirst()))
        default: break
        }
    }

    /// Checks the options of a `swift test …` command.
    private mutating func checkSwiftTest(_ place: String, _ words: [String]) {
        var words = words[...]
        while let word = words.popFirst() {
            if word == "--filter" || word == "--skip" {
                let value = words.popFirst() ?? ""
                guard !Self.isPlaceholder(value) else { continue }
                if word == "--filter", !tests.contains(where: { Self.search(value, in: $0) }) {
                    problem(place, "swift test --filter '\(value)' selects no test")
                }
            } else if word.hasPrefix("-") {
                let option = String(word.prefix { $0 != "=" })
                if !Self.names(option, in: testHelp) { problem(place, "swift test has no option \(option)") }
            }
        }
    }

    /// Checks a `swift run …` command: its options, its product, and the product's options.
    private mutating func checkSwiftRun(_ place: String, _ words: [String]) {
        var words = words[...]
        var product: String?
        while product == nil, let word = words.popFirst() {
            if word == "-c" || word == "--configuration" {
                _ = words.popFirst()
            } else if word.hasPrefix("-") {
                if !Self.names(String(word.prefix { $0 != "=" }), in: runHelp) { problem(place, "swift run has no option \(word)") }
            } else {
                product = word
            }
        }
        guard let product else { problem(place, "swift run names no product"); return }
        let quoted = NSRegularExpression.escapedPattern(for: "\"\(product)\"")
        guard Self.search(#"\.executable\(name: \#(quoted)|executableTarget\(name: \#(quoted)"#, in: packageManifest) else {
            problem(place, "swift run \(product): the package has no such product")
            return
        }
        let rest = Array(words)
        if product == "quiz" {
            guard !rest.contains(where: Self.isPlaceholder) else { return }
            let dryRun = capture([bin + "/quiz", "--dry-run"] + rest, merged: true)
            if dryRun.status != 0 {
                let first = dryRun.output.split(separator: "\n", omittingEmptySubsequences: false).first ?? ""
                problem(place, "swift run quiz \(rest.joined(separator: " ")): \(first)")
            }
            return
        }
        let source = Self.contents(under: "Sources/\(product)")
        for word in rest where word.hasPrefix("-") && !source.contains(where: { $0.contains("\"\(word)\"") }) {
            problem(place, "swift run \(product): Sources/\(product) knows no option \(word)")
        }
    }

    /// Checks a `scripts/NAME …` command: the script, its options, and the breakages or rounds it is given.
    private mutating func checkScript(_ place: String, _ script: String, _ words: [String]) {
        guard FileManager.default.isExecutableFile(atPath: script) else {
            problem(place, "\(script) is not an executable script")
            return
        }
        let help = scriptHelp[script] ?? capture([script, "--help"], merged: true).output
        scriptHelp[script] = help
        var after = ""
        for word in words {
            // The value of an option that takes one (check-breakages --kind Subjects, --lanes 2) is no breakage name.
            if after == "--kind" || after == "--lanes" { after = ""; continue }
            after = word
            guard !Self.isPlaceholder(word) else { continue }
            if word.hasPrefix("-") {
                let option = NSRegularExpression.escapedPattern(for: word)
                if !Self.search("(^|[ |,(])\(option)([ |,)=]|$)", in: help, lines: true) {
                    problem(place, "\(script) has no option \(word) (its --help does not name it)")
                }
                continue
            }
            switch script {
            case "scripts/break", "scripts/check-breakages", "scripts/time-to-bug":
                breakages += 1
                if !Self.isBreakage(word) { problem(place, "\(script) \(word): no breakage named '\(word)' in Breakages/") }
            case "scripts/soak":
                if word.contains(where: { !("0"..."9").contains($0) }) {
                    problem(place, "scripts/soak takes a number of rounds, not '\(word)'")
                }
            default:
                problem(place, "\(script) takes no argument '\(word)'")
            }
        }
    }

    /// Whether `name` (`Suite/test`, `Module.Suite`, a trailing … for a prefix) names tests of the list whole.
    private func namesTests(_ name: String) -> Bool {
        let open = name.hasSuffix("…")
        let stem = (open ? String(name.dropLast()) : name).replacingOccurrences(of: ".", with: "[.]")
        let pattern = "(^|[./])" + stem + (open ? "" : "([./(]|$)")
        return tests.contains { Self.search(pattern, in: $0) }
    }

    // MARK: Reading the docs

    /// The records of `file`: its commands (in backquotes or in a fence), test names, breakage names (a table's
    /// breakage column), paths, and its output blocks, dated or not.
    static func records(of file: String) -> [Record] {
        let text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if text.hasSuffix("\n") { lines.removeLast() }
        var records: [Record] = []
        var fence = false, language = "", header = "", column = 0, recent = "", ended = false
        for (index, line) in lines.enumerated() {
            let place = "\(file):\(index + 1)"
            if line.hasPrefix("```") {
                if fence { fence = false; continue }
                fence = true
                language = String(line.dropFirst(3))
                if language.isEmpty {
                    // Output: the paragraph just above must name its command and date.
                    let dated = search(#"(19|20)[0-9][0-9]-[01][0-9]-[0-3][0-9]"#, in: recent)
                        && search(#"`[^`]*(swift |scripts/)[^`]*`"#, in: recent)
                    records.append(Record(place: place, kind: dated ? .output : .undated, text: ""))
                }
                continue
            }
            if fence {
                if language == "json" { continue }
                var command = line
                if language.isEmpty {
                    guard let cut = command.range(of: "replay: ", options: .backwards) else { continue }
                    command = String(command[cut.upperBound...])
                }
                if language == "yaml" {
                    guard let cut = command.range(of: "run: ", options: .backwards) else { continue }
                    command = String(command[cut.upperBound...])
                }
                command = replacing(#"[ \t]+#[ \t].*$"#, in: command, with: "")
                command = command.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
                if search(#"(^|[ =])(swift (test|run)|scripts/)"#, in: command) {
                    records.append(Record(place: place, kind: .command, text: command))
                }
                continue
            }
            // The paragraph last read: an output block names its source in the one just above it.
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) {
                ended = true
            } else {
                if ended { recent = ""; ended = false }
                recent += " " + line
            }
            // A table: which column holds breakage names.
            if line.hasPrefix("|") {
                let cells = line.components(separatedBy: "|")
                if header.isEmpty {
                    header = line
                    column = 0
                    for index in cells.indices.dropFirst().dropLast() where cells[index].lowercased().contains("breakage") {
                        column = index
                    }
                } else if column > 0, !search(#"^\| *---"#, in: line) {
                    let cell = column < cells.count ? cells[column] : ""
                    for span in spans(in: cell) { records.append(Record(place: place, kind: .breakage, text: span)) }
                }
            } else {
                header = ""
                column = 0
            }
            for span in spans(in: line) {
                let text = span.replacingOccurrences(of: "\\|", with: "|")
                if let kind = spanKind(text) { records.append(Record(place: place, kind: kind, text: text)) }
            }
        }
        return records
    }

    /// What a span in backquotes shows: a command, a path, a test name, or nothing checked.
    static func spanKind(_ text: String) -> Kind? {
        if search(#"^([A-Z_]+=[^ ]* )*(swift (test|run)|scripts/[a-z-]+ )"#, in: text) || search(#"^scripts/[a-z-]+$"#, in: text) {
            return .command
        }
        if search(#"^(Sources|Tests|Quiz|Breakages|scripts|docs|\.ci|\.github)/[^ ]*$"#, in: text) { return .path }
        if search(#"^[A-Z][A-Za-z]*Tests([./][A-Za-z][A-Za-z0-9]*)*(…)?$"#, in: text) { return .name }
        return nil
    }

    /// The texts in backquotes on `line`, in order.
    static func spans(in line: String) -> [String] {
        matches(of: "`[^`]+`", in: line).map { String($0.dropFirst().dropLast()) }
    }

    /// Whether a doc wrote a placeholder where the reader puts a value of their own: NAME, [N], <…>, …, 0x….
    static func isPlaceholder(_ text: String) -> Bool {
        if text.contains("…") || (text.hasPrefix("[") && text.hasSuffix("]") && text.count > 1) { return true }
        if let open = text.firstIndex(of: "<"), text[open...].dropFirst().contains(">") { return true }
        return search("^[A-Z][A-Z_]*$", in: text)
    }

    /// Whether `Breakages/` holds a breakage `name` in one of its folders.
    static func isBreakage(_ name: String) -> Bool {
        Breakage.Kind.allCases.contains { FileManager.default.fileExists(atPath: "Breakages/\($0.rawValue)/\(name).patch") }
            || !glob("Breakages/*/\(name).patch").isEmpty
    }

    /// Whether `path` (a glob pattern, or a path with a glob's characters in it) names something that exists.
    static func exists(_ path: String) -> Bool {
        FileManager.default.fileExists(atPath: path) || !glob(path).isEmpty
    }

    /// The paths `pattern` matches, as the shell would expand it.
    static func glob(_ pattern: String) -> [String] {
        var found = glob_t()
        defer { globfree(&found) }
        #if canImport(Glibc)
        let status = Glibc.glob(pattern, 0, nil, &found)
        #else
        let status = Darwin.glob(pattern, 0, nil, &found)
        #endif
        guard status == 0 else { return [] }
        return (0..<Int(found.gl_pathc)).compactMap { found.gl_pathv[$0].map { String(cString: $0) } }
    }

    /// The last part of a path, as `basename` prints it.
    static func basename(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard trimmed != "/" else { return "/" }
        return String(trimmed.split(separator: "/", omittingEmptySubsequences: false).last ?? "")
    }

    /// The words a shell would make of `line` (quotes and backslashes as `xargs` reads them), or nil if a quote is
    /// left open.
    static func shellWords(_ line: String) -> [String]? {
        var words: [String] = [], word = "", inWord = false, quote: Character?, escaped = false
        for character in line {
            if escaped { word.append(character); escaped = false; inWord = true; continue }
            if let open = quote {
                if character == open { quote = nil } else { word.append(character) }
                continue
            }
            switch character {
            case "\\": escaped = true
            case "'", "\"": quote = character; inWord = true
            case " ", "\t":
                if inWord { words.append(word); word = ""; inWord = false }
            default: word.append(character); inWord = true
            }
        }
        guard quote == nil, !escaped else { return nil }
        if inWord { words.append(word) }
        return words
    }

    /// The variables the package reads: the harness's (`"HARNESS_…"` in its sources), the strict pool's, and the
    /// scripts' own (`NAME=` at the start of one of their lines, or of a comment).
    static func variablesRead() -> Set<String> {
        var found: Set<String> = ["LIBDISPATCH_COOPERATIVE_POOL_STRICT"]
        for text in contents(under: "Sources") {
            for match in matches(of: #""HARNESS_[A-Z_]+""#, in: text) { found.insert(String(match.dropFirst().dropLast())) }
        }
        let scripts = ((try? FileManager.default.contentsOfDirectory(atPath: "scripts")) ?? []).map { "scripts/" + $0 }
        for script in scripts {
            guard let text = try? String(contentsOfFile: script, encoding: .utf8) else { continue }
            for line in text.split(separator: "\n") {
                guard let match = matches(of: #"^[#\s]*[A-Z_]{4,}="#, in: String(line)).first else { continue }
                found.insert(String(match.drop { $0 == "#" || $0.isWhitespace }.dropLast()))
            }
        }
        return found
    }

    /// The text of every file under `folder`, recursively.
    static func contents(under folder: String) -> [String] {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return [] }
        return walk.compactMap { ($0 as? String).flatMap { try? String(contentsOfFile: folder + "/" + $0, encoding: .utf8) } }
    }

    // MARK: Regular expressions (POSIX-like: the patterns are those the shell version gave grep and awk)

    /// Whether `pattern` matches somewhere in `text` (in one of its lines, if `lines`: `^` and `$` at each line).
    static func search(_ pattern: String, in text: String, lines: Bool = false) -> Bool {
        guard !pattern.isEmpty else { return true }  // as grep's: the empty pattern matches every line
        guard let regex = try? NSRegularExpression(pattern: pattern, options: lines ? [.anchorsMatchLines] : []) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// Whether `option` is one that a command's `--help` text names.
    static func names(_ option: String, in help: String) -> Bool {
        search("(^|[ ,])\(NSRegularExpression.escapedPattern(for: option))([ ,=]|$)", in: help, lines: true)
    }

    /// Every match of `pattern` in `text`, in order.
    static func matches(of pattern: String, in text: String) -> [Substring] {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text).map { text[$0] } }
    }

    /// `text` with the first match of `pattern` replaced.
    static func replacing(_ pattern: String, in text: String, with replacement: String) -> String {
        guard let regex = try? NSRegularExpression(pattern: pattern),
              let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range, in: text) else { return text }
        return text.replacingCharacters(in: range, with: replacement)
    }
}
