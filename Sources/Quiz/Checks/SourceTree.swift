import Foundation

/// The package's Swift sources as the quiz's full form quotes them (`swift run quiz L37-C13`): read once, and indexed
/// by the functions and enums they declare, so that a registration leads to the function it runs and a shape to the
/// lines that make it. Only the package's own style is read — one declaration a line, braces where Swift puts them.
public struct SourceTree: Sendable {
    /// One file: its lines, and each line's code with strings and comments blanked, and its bracket depth.
    struct File: Sendable {
        /// The lines as written.
        var lines: [String]
        /// The lines with the insides of strings and every comment replaced by spaces: what a search for code reads.
        var code: [String]
        /// The depth of `(`, `[` and `{` at the start of each line, and one more: at the end of the file.
        var depth: [Int]
    }

    /// The package's root folder.
    public let root: String
    /// The files read, by their path from the root.
    let files: [String: File]
    /// Where each function is declared, by name, in the order of the files' paths.
    let functions: [String: [SourceLine]]
    /// Where each enum is declared, by name.
    let enums: [String: [SourceLine]]

    /// The folders whose sources the full form quotes: the scenarios, the subjects they run, the catalog.
    public static let folders = ["Sources/Scenarios", "Sources/Subjects", "Sources/QuizCatalog"]

    /// The package this program was built from: …/Sources/Quiz/Checks/SourceTree.swift → ….
    public static var packageRoot: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.path
    }

    /// The Swift files under `folders` of `root`; none if they cannot be read (the full form then says so).
    public init(root: String = SourceTree.packageRoot, folders: [String] = SourceTree.folders) {
        self.root = root
        var files: [String: File] = [:]
        for folder in folders {
            let base = URL(fileURLWithPath: root).appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(atPath: base.path) else { continue }
            for case let name as String in walker where name.hasSuffix(".swift") {
                guard let text = try? String(contentsOf: base.appendingPathComponent(name), encoding: .utf8) else { continue }
                files[folder + "/" + name] = Self.read(text)
            }
        }
        self.files = files
        var functions: [String: [SourceLine]] = [:], enums: [String: [SourceLine]] = [:]
        let function = try! NSRegularExpression(pattern: #"\bfunc\s+([A-Za-z_][A-Za-z0-9_]*)\s*[<(]"#)
        let enumeration = try! NSRegularExpression(pattern: #"\benum\s+([A-Za-z_][A-Za-z0-9_]*)\b"#)
        for path in files.keys.sorted() {
            for (index, code) in files[path]!.code.enumerated() {
                if let name = Self.firstGroup(function, in: code) { functions[name, default: []].append(SourceLine(file: path, line: index + 1)) }
                if let name = Self.firstGroup(enumeration, in: code) { enums[name, default: []].append(SourceLine(file: path, line: index + 1)) }
            }
        }
        self.functions = functions
        self.enums = enums
    }

    /// The first capture group of `regex`'s first match in `text`.
    static func firstGroup(_ regex: NSRegularExpression, in text: String) -> String? {
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range(at: 1), in: text) else { return nil }
        return String(text[range])
    }

    /// `text`'s lines, their code (strings' insides and comments blanked) and bracket depths.
    static func read(_ text: String) -> File {
        let lines = text.components(separatedBy: "\n")
        enum Mode { case code, string, multilineString, rawString, blockComment }
        // The modes entered, innermost last: a string's interpolation is code again until its parenthesis closes.
        var modes: [Mode] = [.code]
        var interpolations: [Int] = []
        var depth = 0
        var depths: [Int] = [], codes: [String] = []
        for line in lines {
            depths.append(depth)
            let characters = Array(line)
            var code = ""
            var index = 0
            func next(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
            while index < characters.count {
                let character = characters[index]
                switch modes.last! {
                case .code:
                    if character == "/", next(1) == "/" {
                        code += String(repeating: " ", count: characters.count - index)
                        index = characters.count
                        continue
                    }
                    if character == "/", next(1) == "*" { modes.append(.blockComment); code += "  "; index += 2; continue }
                    if character == "#", next(1) == "\"" { modes.append(.rawString); code += "#\""; index += 2; continue }
                    if character == "\"" {
                        if next(1) == "\"", next(2) == "\"" { modes.append(.multilineString); code += "\"\"\""; index += 3; continue }
                        modes.append(.string); code += "\""; index += 1; continue
                    }
                    if "([{".contains(character) {
                        depth += 1
                        if !interpolations.isEmpty { interpolations[interpolations.count - 1] += 1 }
                    } else if ")]}".contains(character) {
                        if let open = interpolations.last, open == 0, character == ")" {
                            // The interpolation ends: back into its string.
                            interpolations.removeLast()
                            modes.removeLast()
                            code += ")"
                            index += 1
                            continue
                        }
                        depth -= 1
                        if !interpolations.isEmpty { interpolations[interpolations.count - 1] -= 1 }
                    }
                    code.append(character)
                    index += 1
                case .string, .multilineString, .rawString:
                    let mode = modes.last!
                    if character == "\\", mode != .rawString {
                        if next(1) == "(" { modes.append(.code); interpolations.append(0); code += "\\("; index += 2; continue }
                        code += "  "; index += 2; continue
                    }
                    if character == "\"" {
                        if mode == .string { modes.removeLast(); code += "\""; index += 1; continue }
                        if mode == .multilineString, next(1) == "\"", next(2) == "\"" { modes.removeLast(); code += "\"\"\""; index += 3; continue }
                        if mode == .rawString, next(1) == "#" { modes.removeLast(); code += "\"#"; index += 2; continue }
                    }
                    code += " "
                    index += 1
                case .blockComment:
                    if character == "*", next(1) == "/" { modes.removeLast(); code += "  "; index += 2; continue }
                    code += " "
                    index += 1
                }
            }
            // A one-line string that did not close is a mistake of this reader, not of the file: it ends with its line.
            if modes.last == .string { modes.removeLast() }
            codes.append(code)
        }
        depths.append(depth)
        return File(lines: lines, code: codes, depth: depths)
    }

    /// `path` from the root, if it is under it (a `#filePath` the compiler gave); else `path` as it is.
    public func relative(_ path: String) -> String {
        let prefix = root.hasSuffix("/") ? root : root + "/"
        if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        // Built elsewhere and moved: the part from `Sources/` on names the same file here.
        if let range = path.range(of: "/Sources/", options: .backwards) { return "Sources/" + path[range.upperBound...] }
        return path
    }

    /// A file read, by its path from the root (or a `#filePath`).
    func file(_ path: String) -> File? {
        files[relative(path)]
    }

    /// The text of a line, as written.
    public func text(_ place: SourceLine) -> String? {
        guard let file = file(place.file), file.lines.indices.contains(place.line - 1) else { return nil }
        return file.lines[place.line - 1]
    }

    /// The lines (from 1) of the statement or declaration that starts at `place`: to the line where the brackets it
    /// opens close again (its own line, if they close there).
    public func statement(at place: SourceLine) -> ClosedRange<Int>? {
        guard let file = file(place.file), file.lines.indices.contains(place.line - 1) else { return nil }
        let start = place.line - 1
        var end = start
        /// Whether line `index` goes on the statement before it: a body's brace on a line of its own, a `where`.
        func continues(_ index: Int) -> Bool {
            let code = file.code[index].trimmingCharacters(in: .whitespaces)
            return code.hasPrefix("{") || code.hasPrefix("->") || code.hasPrefix("where ")
        }
        while end < file.lines.count - 1, file.depth[end + 1] > file.depth[start] || continues(end + 1) { end += 1 }
        return (start + 1)...(end + 1)
    }

    /// The first line of a declaration's body: the line at `place` or after it that opens its `{`.
    func bodyStart(at place: SourceLine) -> Int? {
        guard let file = file(place.file), let range = statement(at: place) else { return nil }
        return range.first { file.code[$0 - 1].contains("{") }
    }

    /// The `///` comment right above `place`, in one line (attribute lines between them skipped).
    public func doc(above place: SourceLine) -> String? {
        guard let file = file(place.file) else { return nil }
        var index = place.line - 2
        var lines: [String] = []
        while index >= 0 {
            let line = file.lines[index].trimmingCharacters(in: .whitespaces)
            if line.hasPrefix("///") { lines.insert(String(line.dropFirst(3)).trimmingCharacters(in: .whitespaces), at: 0) }
            else if !line.hasPrefix("@") || !lines.isEmpty { break }
            index -= 1
        }
        return lines.isEmpty ? nil : lines.joined(separator: " ")
    }

    /// Where functions named `name` are declared, those under `folder` (a path from the root) only if given.
    public func declarations(ofFunction name: String, under folder: String? = nil) -> [SourceLine] {
        (functions[name] ?? []).filter { folder == nil || $0.file.hasPrefix(folder! + "/") }
    }

    /// Where the enum `type` (`PourShape`, or the last part of `Outer.Inner`) is declared, if it is.
    public func declaration(ofEnum type: String) -> SourceLine? {
        let name = type.split(separator: ".").last.map(String.init) ?? type
        return enums[name]?.first
    }

    /// Where the case `name` of the enum `type` is declared (`case slowly`, or one of `case a, b, c`).
    public func declaration(ofCase name: String, of type: String) -> SourceLine? {
        guard let place = declaration(ofEnum: type), let body = statement(at: place), let file = file(place.file) else { return nil }
        for number in body.dropFirst() where file.depth[number - 1] == file.depth[place.line - 1] + 1 {
            let code = file.code[number - 1].trimmingCharacters(in: .whitespaces)
            guard code.hasPrefix("case ") else { continue }
            let names = code.dropFirst(5).split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            }
            if names.contains(Substring(name)) { return SourceLine(file: place.file, line: number) }
        }
        return nil
    }

    /// The lines of `range` in `path` whose code names the case `name` as a value (`.slowly`): a switch's `case
    /// .slowly:`, a comparison `shape == .slowly`; never a comment, nor a default argument in the declaration's head.
    public func uses(ofCase name: String, in path: String, lines range: ClosedRange<Int>? = nil) -> [Int] {
        guard let file = file(path) else { return [] }
        let pattern = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_])\.\#(NSRegularExpression.escapedPattern(for: name))\b"#)
        let default_ = try! NSRegularExpression(pattern: #"(?<![=!<>])=\s*\.\#(NSRegularExpression.escapedPattern(for: name))\b"#)
        return (range ?? 1...file.lines.count).filter { number in
            let code = file.code[number - 1]
            let whole = NSRange(code.startIndex..., in: code)
            return pattern.firstMatch(in: code, range: whole) != nil && default_.firstMatch(in: code, range: whole) == nil
        }
    }

    /// Whether line `number` of `path` tests for the case `name` — `== .swapped`, `!= .swapped`, `case .swapped` —
    /// rather than gives it (`shape: .actor`, a registration's default).
    func tests(for name: String, in path: String, at number: Int) -> Bool {
        guard let file = file(path), file.code.indices.contains(number - 1) else { return false }
        let code = file.code[number - 1]
        let escaped = NSRegularExpression.escapedPattern(for: name)
        let pattern = try! NSRegularExpression(pattern: #"([=!]=\s*|^\s*case\b.*)\.\#(escaped)\b"#)
        return pattern.firstMatch(in: code, range: NSRange(code.startIndex..., in: code)) != nil
    }

    /// If line `number` of `path` is a switch's `case …:`, the lines of its branch (at most `limit`); else that line.
    public func branch(at number: Int, in path: String, limit: Int = 6) -> ClosedRange<Int> {
        guard let file = file(path) else { return number...number }
        guard file.code[number - 1].trimmingCharacters(in: .whitespaces).hasPrefix("case ") else { return number...number }
        let level = file.depth[number - 1]
        var end = number
        while end < file.lines.count, end - number + 1 < limit {
            let code = file.code[end].trimmingCharacters(in: .whitespaces)
            if file.depth[end] < level || code.hasPrefix("case ") || code.hasPrefix("default:") || code.hasPrefix("@unknown") { break }
            if code.hasPrefix("}"), file.depth[end] == level { break }
            end += 1
        }
        return number...end
    }

    /// The names of the functions called in `range` of `path`, in order, each once: free calls (`pours(`) first,
    /// then methods (`.run(`).
    public func calls(in path: String, lines range: ClosedRange<Int>) -> (free: [String], methods: [String]) {
        guard let file = file(path) else { return ([], []) }
        let call = try! NSRegularExpression(pattern: #"(\.?)\b([a-z_][A-Za-z0-9_]*)\s*\("#)
        var free: [String] = [], methods: [String] = []
        for number in range {
            let code = file.code[number - 1]
            for match in call.matches(in: code, range: NSRange(code.startIndex..., in: code)) {
                guard let dot = Range(match.range(at: 1), in: code), let name = Range(match.range(at: 2), in: code) else { continue }
                let called = String(code[name])
                if code[dot].isEmpty { if !free.contains(called) { free.append(called) } }
                else if !methods.contains(called) { methods.append(called) }
            }
        }
        return (free, methods)
    }

    /// The lines `range` of `path`, as written.
    public func lines(_ range: ClosedRange<Int>, of path: String) -> [String] {
        guard let file = file(path) else { return [] }
        return range.filter { file.lines.indices.contains($0 - 1) }.map { file.lines[$0 - 1] }
    }

    /// The paths of the files read under `folder`, whose code names `word` (a type's name, whole).
    public func files(under folder: String, naming word: String) -> [String] {
        let pattern = try! NSRegularExpression(pattern: #"\b\#(NSRegularExpression.escapedPattern(for: word))\b"#)
        return files.keys.sorted().filter { path in
            path.hasPrefix(folder + "/") && files[path]!.code.contains { pattern.firstMatch(in: $0, range: NSRange($0.startIndex..., in: $0)) != nil }
        }
    }
}
