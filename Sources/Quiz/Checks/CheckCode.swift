import Foundation

/// Lines of the package, or of a snippet, quoted to show what a check ran: where they are, and what they are.
public struct Excerpt: Sendable, Hashable {
    /// What the lines are, in words: `shape slowly: pourSlowly(): read, await 10 ms, write`, `Quiz/snippets/X.swift`.
    public var caption: String
    /// The file (a path from the package's root, `Quiz/snippets/…`, or `inline` for a snippet in the bank).
    public var file: String
    /// What follows the place, in words: `(registered as jar.pourSlowly at Sources/QuizCatalog/L37.swift:139)`.
    public var after = ""
    /// The lines shown, by number (from 1), in order; a gap between two numbers is shown as such.
    public var numbers: [Int]
    /// Their text, as written.
    public var texts: [String]
    /// The lines to point at (`▶`): where the compiler's diagnostic is.
    public var marked: Set<Int> = []

    /// Lines of `file`.
    public init(caption: String, file: String, numbers: [Int] = [], texts: [String] = []) {
        self.caption = caption
        self.file = file
        self.numbers = numbers
        self.texts = texts
    }

    /// `file:line` of the first line shown (the file alone if none is).
    public var place: String { numbers.first.map { "\(file):\($0)" } ?? file }
}

/// The code one check ran, found in the package's sources: for a runtime check, where its scenario is registered, the
/// function the registration calls, and the lines that make the lesson's shape and the control's; for a snippet, the
/// lines that matter and what the control replaces; for a crash, the function the child runs and the control's.
/// `missing` says in words what could not be found (`BankContentTests` requires it empty for every check of the bank).
public struct CheckCode: Sendable, Hashable {
    /// What ran for the lesson's expectation.
    public var ran: [Excerpt] = []
    /// What the control changes: the lines that make its shape, the replaced text, the other snippet's lines.
    public var control: [Excerpt] = []
    /// What could not be found, each in a few words (`no function called in the registration of jar.pourSlowly`).
    public var missing: [String] = []
}

/// Finds the code a check ran: in the package's sources (`SourceTree`), by the catalog's registrations (where the
/// compiler says each is, and the type of each shape), and in the bank's snippets.
public struct CodeFinder: Sendable {
    /// The package's sources.
    public var tree: SourceTree
    /// The registrations.
    public var catalog: Catalog
    /// The bank's snippets folder.
    public var snippets: String

    /// The longest function followed into (a branch's one call) that is shown whole.
    static let shortFunction = 10

    /// A finder over `tree`, `catalog` and the snippets in `snippets`.
    public init(tree: SourceTree, catalog: Catalog, snippets: String) {
        self.tree = tree
        self.catalog = catalog
        self.snippets = snippets
    }

    /// The code `check` ran; `result`, if given, is what it found (a compile check's diagnostic line).
    public func code(for check: QuizCheck, result: CheckResult? = nil) -> CheckCode {
        switch check {
        case .runtime(let runtime): return code(for: runtime)
        case .compile(let compile):
            let text = compile.source ?? read(compile.snippet)
            var code = CheckCode()
            guard let text else { code.missing.append("no snippet \(compile.snippet) in the bank's snippets"); return code }
            let file = compile.snippet == "inline" ? "the bank's inline snippet" : "Quiz/snippets/\(compile.snippet)"
            let counterpart: CompileCounterpart? = if case .counterpart(let one)? = compile.control { one } else { nil }
            code.ran = [snippetExcerpt(text, file: file, counterpart: counterpart, line: result?.snippetLine)]
            if let counterpart { control(counterpart, text: text, file: file, into: &code) }
            return code
        case .run(let run):
            var code = CheckCode()
            guard let text = read(run.snippet) else { code.missing.append("no snippet \(run.snippet) in the bank's snippets"); return code }
            let file = "Quiz/snippets/\(run.snippet)"
            let counterpart: CompileCounterpart? = if case .counterpart(let one) = run.control { one } else { nil }
            code.ran = [snippetExcerpt(text, file: file, counterpart: counterpart, line: nil)]
            if let counterpart { control(counterpart, text: text, file: file, into: &code) }
            return code
        case .crash(let crash):
            var code = CheckCode()
            code.ran = crashCode(crash.scenario, missing: &code.missing)
            if case .counterpart(let scenario, let environment, _)? = crash.control {
                if let scenario { code.control = crashCode(scenario, missing: &code.missing) }
                if let environment {
                    let settings = environment.keys.sorted().map { "\($0)=\(environment[$0]!)" }.joined(separator: " ")
                    code.control.append(Excerpt(caption: "the child started with \(settings)", file: ""))
                }
            }
            return code
        case .toolchain(_, _, let inner?):
            // Not run here; what would run is shown all the same.
            return code(for: inner.check)
        case .appleOnly, .toolchain:
            return CheckCode()
        }
    }

    /// A snippet file's text.
    func read(_ name: String) -> String? {
        guard name != "inline" else { return nil }
        return try? String(contentsOfFile: snippets + "/" + name, encoding: .utf8)
    }

    // MARK: Runtime checks

    /// A runtime check's code: the registration, the function it calls, and each shape's lines.
    func code(for check: RuntimeCheck) -> CheckCode {
        var code = CheckCode()
        guard let scenario = catalog.scenarios[check.scenario] else {
            if let pending = catalog.pending[check.scenario] {
                code.ran.append(Excerpt(caption: "\(check.scenario): not in the package yet, awaiting \(pending.awaiting)", file: ""))
            } else {
                code.missing.append("no scenario \(check.scenario) in the catalog")
            }
            return code
        }
        let registration = scenario.registeredAt
        let file = tree.relative(registration.file)
        guard let statement = tree.statement(at: registration) else {
            code.missing.append("the registration of \(check.scenario) (\(file):\(registration.line)) is not in the sources read")
            return code
        }
        let shapeType = scenario.shapeTypes["shape"]
        let found = scenarioFunction(called: SourceLine(file: file, line: registration.line), in: statement, shapeType: shapeType)
        let function = found?.place
        if let found {
            var head = Excerpt(caption: found.name, file: found.place.file, numbers: [found.place.line],
                               texts: tree.lines(found.place.line...found.place.line, of: found.place.file))
            head.after = "(registered as \(check.scenario) at \(file):\(statement.lowerBound))"
            code.ran.append(head)
        } else {
            code.ran.append(Excerpt(caption: "registered as \(check.scenario) at \(file):\(statement.lowerBound)", file: ""))
            code.missing.append("no function of Sources/Scenarios called by the registration of \(check.scenario)")
        }
        let arguments = scenario.parameters.merging(check.arguments) { _, given in given }
        if case .string(let lesson)? = arguments["shape"], let shapeType {
            code.ran += shapeCode(lesson, of: shapeType, among: scenario.choices["shape"] ?? [], role: "the lesson's",
                                  registration: (file, statement),
                                  function: function, missing: &code.missing)
        }
        if case .arguments(let changed, _) = check.control {
            for key in changed.keys.sorted() {
                if key == "shape", case .string(let shape) = changed[key]!, let shapeType {
                    code.control += shapeCode(shape, of: shapeType, among: scenario.choices["shape"] ?? [], role: "the control's",
                                              registration: (file, statement),
                                              function: function, missing: &code.missing)
                } else {
                    let before = arguments[key].map { "\($0)" } ?? "?"
                    code.control.append(Excerpt(caption: "\(key) \(before) → \(changed[key]!)", file: ""))
                }
            }
        }
        return code
    }

    /// The function of `Sources/Scenarios` a registration calls: the first it calls by name, else the first method;
    /// else, one level down, the first a helper it calls (`hive(…)`, declared in the catalog) calls. Where a name is
    /// declared more than once, the declaration in the file of the scenario's shape.
    func scenarioFunction(called registration: SourceLine, in statement: ClosedRange<Int>, shapeType: String?)
        -> (name: String, place: SourceLine)?
    {
        let shapeFile = shapeType.flatMap { tree.declaration(ofEnum: $0) }?.file
        let shapeName = shapeType?.split(separator: ".").last.map(String.init)
        /// Whether the function declared at `place` takes the shape: its head names the shape's type.
        func takesTheShape(_ place: SourceLine) -> Bool {
            guard let shapeName, let head = tree.statement(at: place) else { return false }
            let end = tree.bodyStart(at: place) ?? head.upperBound
            return tree.lines(head.lowerBound...end, of: place.file).contains { $0.contains(shapeName) }
        }
        func resolve(_ names: [String]) -> (name: String, place: SourceLine)? {
            let found = names.flatMap { name in tree.declarations(ofFunction: name, under: "Sources/Scenarios").map { (name, $0) } }
            // The one that takes the shape (not a helper the registration also calls, such as a clock's reading); of
            // several of one name, the one beside the shape's type.
            return found.first { takesTheShape($0.1) && $0.1.file == shapeFile } ?? found.first { takesTheShape($0.1) }
                ?? found.first { $0.1.file == shapeFile } ?? found.first
        }
        let calls = tree.calls(in: registration.file, lines: statement)
        if let found = resolve(calls.free + calls.methods) { return found }
        for helper in calls.free + calls.methods {
            for declared in tree.declarations(ofFunction: helper, under: "Sources/QuizCatalog") {
                guard let body = tree.statement(at: declared) else { continue }
                let inner = tree.calls(in: declared.file, lines: body)
                if let found = resolve(inner.free) ?? resolve(inner.methods) { return found }
            }
        }
        return nil
    }

    /// The lines that make `shape` (a case of `type`, whose cases are `cases`): its case's declaration and comment,
    /// and where the code names it — in the registration, in the scenario function, else in the function's file, else in
    /// any scenario file that names the type; a switch's branch whole, and the short function it calls, if it calls one.
    /// Where the code names only another case (`let cancelling = shape == .cancelling`), the lines that test it: they
    /// decide this one too.
    func shapeCode(_ shape: String, of type: String, among cases: [String], role: String,
                   registration: (file: String, lines: ClosedRange<Int>), function: SourceLine?,
                   missing: inout [String]) -> [Excerpt] {
        guard let declared = tree.declaration(ofCase: shape, of: type) else {
            missing.append("no case \(shape) of \(type) in the sources read")
            return []
        }
        let words = tree.doc(above: declared).map { ": " + $0 } ?? ""
        var excerpts = [Excerpt(caption: "shape \(shape) (\(role))\(words)", file: "")]
        // In the registration, where its body tests the shape; not where it gives the default (`shape: .actor`).
        func uses(of shape: String, testsOnly: Bool) -> [(file: String, line: Int)] {
            var places: [(file: String, line: Int)] = tree.uses(ofCase: shape, in: registration.file, lines: registration.lines)
                .filter { tree.tests(for: shape, in: registration.file, at: $0) }
                .map { (registration.file, $0) }
            if let function, let body = tree.statement(at: function) {
                let start = tree.bodyStart(at: function) ?? body.lowerBound
                places += tree.uses(ofCase: shape, in: function.file, lines: start...body.upperBound)
                    .filter { !testsOnly || tree.tests(for: shape, in: function.file, at: $0) }.map { (function.file, $0) }
            }
            return places
        }
        var places = uses(of: shape, testsOnly: false)
        if places.isEmpty {
            for other in cases where other != shape {
                places += uses(of: other, testsOnly: true).filter { place in !places.contains { $0 == place } }
            }
        }
        if places.isEmpty, let function { places = tree.uses(ofCase: shape, in: function.file).map { (function.file, $0) } }
        if places.isEmpty {
            for file in tree.files(under: "Sources/Scenarios", naming: type.split(separator: ".").last.map(String.init) ?? type) {
                places += tree.uses(ofCase: shape, in: file).map { (file, $0) }
                if !places.isEmpty { break }
            }
        }
        for (file, line) in places.prefix(3) {
            let branch = tree.branch(at: line, in: file)
            excerpts.append(Excerpt(caption: "", file: file, numbers: Array(branch), texts: tree.lines(branch, of: file)))
            if let followed = followed(from: file, lines: branch) { excerpts.append(followed) }
        }
        return excerpts
    }

    /// The one short function of the scenarios or subjects that `lines` of `file` call, declared once, whole: what
    /// a branch `case .awaitRequest: await hiveAwaitRequest()` runs, or a subject's method (`$0.pourSlowly()`).
    func followed(from file: String, lines: ClosedRange<Int>) -> Excerpt? {
        let calls = tree.calls(in: file, lines: lines)
        for name in calls.free + calls.methods {
            let found = tree.declarations(ofFunction: name, under: "Sources/Scenarios")
                + tree.declarations(ofFunction: name, under: "Sources/Subjects")
            guard found.count == 1, let place = found.first, let body = tree.statement(at: place),
                  body.count <= Self.shortFunction, !lines.contains(place.line) || place.file != file else { continue }
            return Excerpt(caption: "\(name)", file: place.file, numbers: Array(body), texts: tree.lines(body, of: place.file))
        }
        return nil
    }

    // MARK: Crash checks

    /// A crash scenario's registration and the function it runs (whole, if short).
    func crashCode(_ name: String, missing: inout [String]) -> [Excerpt] {
        guard let crash = catalog.crashes[name] else {
            if let awaiting = catalog.pendingCrashes[name] { return [Excerpt(caption: "\(name): not in the package yet, awaiting \(awaiting)", file: "")] }
            missing.append("no crash scenario \(name) in the catalog")
            return []
        }
        let file = tree.relative(crash.registeredAt.file)
        guard let statement = tree.statement(at: crash.registeredAt) else {
            missing.append("the registration of \(name) (\(file):\(crash.registeredAt.line)) is not in the sources read")
            return []
        }
        var excerpts = [Excerpt(caption: "registered as \(name) at \(file):\(statement.lowerBound)", file: "")]
        let calls = tree.calls(in: file, lines: statement)
        guard let function = (calls.free + calls.methods).lazy.compactMap({
            self.tree.declarations(ofFunction: $0, under: "Sources/Scenarios").first
        }).first, let body = tree.statement(at: function) else {
            missing.append("no function of Sources/Scenarios called by the crash scenario \(name)")
            return excerpts
        }
        let shown = body.count <= 14 ? body : body.lowerBound...(body.lowerBound + 13)
        excerpts.append(Excerpt(caption: "", file: function.file, numbers: Array(shown), texts: tree.lines(shown, of: function.file)))
        if let followed = followed(from: function.file, lines: shown) { excerpts.append(followed) }
        return excerpts
    }

    // MARK: Snippets

    /// The lines of a snippet that matter: the line the compiler's diagnostic was on, the lines the control
    /// replaces, else the whole snippet if short, else its first lines.
    func snippetExcerpt(_ text: String, file: String, counterpart: CompileCounterpart?, line: Int?) -> Excerpt {
        let lines = text.components(separatedBy: "\n").enumerated().map { ($0.offset + 1, $0.element) }.filter {
            $0.0 < text.components(separatedBy: "\n").count || !$0.1.isEmpty
        }
        var chosen = Set<Int>()
        if let line { chosen.insert(line) }
        for replacement in counterpart?.replacements ?? [] {
            chosen.formUnion(Self.lines(of: replacement.from, in: text))
        }
        if let other = counterpart?.snippet.flatMap(read) {
            chosen.formUnion(Self.changedLines(text, other).old)
        }
        let numbers: [Int]
        if lines.count <= 16 { numbers = lines.map(\.0) }
        else if chosen.isEmpty { numbers = Array(1...12) }
        else {
            // Each line that matters, with the two before it and the one after: enough to read it by.
            numbers = Set(chosen.flatMap { ($0 - 2)...($0 + 1) }).filter { (1...lines.count).contains($0) }.sorted()
        }
        let byNumber = Dictionary(uniqueKeysWithValues: lines)
        var excerpt = Excerpt(caption: "", file: file, numbers: numbers.filter { byNumber[$0] != nil }, texts: numbers.compactMap { byNumber[$0] })
        if let line, excerpt.numbers.contains(line) {
            excerpt.marked = [line]
            excerpt.after = "(▶ the line of the compiler's diagnostic)"
        }
        return excerpt
    }

    /// What a snippet's control changes: its replacements (the new text), another snippet's changed lines, another
    /// language mode or other flags.
    func control(_ counterpart: CompileCounterpart, text: String, file: String, into code: inout CheckCode) {
        for replacement in counterpart.replacements {
            let at = Self.lines(of: replacement.from, in: text)
            if at.isEmpty { code.missing.append("the control's text \u{201C}\(replacement.from.prefix(40))\u{201D} is not in \(file)") }
            code.control.append(Excerpt(caption: "line\(at.count == 1 ? "" : "s") \(at.map(String.init).joined(separator: ", ")) of \(file) replaced by",
                                        file: "", texts: replacement.to.components(separatedBy: "\n")))
        }
        if let other = counterpart.snippet {
            guard let otherText = read(other) else { code.missing.append("no snippet \(other) in the bank's snippets"); return }
            let changed = Self.changedLines(text, otherText).new
            let lines = otherText.components(separatedBy: "\n")
            code.control.append(Excerpt(caption: "where it differs", file: "Quiz/snippets/\(other)",
                                        numbers: changed, texts: changed.map { lines[$0 - 1] }))
        }
        if let version = counterpart.swiftVersion { code.control.append(Excerpt(caption: "the same file in the Swift \(version) language mode", file: "")) }
        if let flags = counterpart.flags {
            code.control.append(Excerpt(caption: "the same file compiled with " + (flags.isEmpty ? "no extra flags" : flags.joined(separator: " ")), file: ""))
        }
    }

    /// The lines (from 1) of `text` that hold `part` (each of its lines, where it is found).
    static func lines(of part: String, in text: String) -> [Int] {
        guard let range = text.range(of: part) else { return [] }
        let first = text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
        let count = part.filter { $0 == "\n" }.count
        return Array(first...(first + count))
    }

    /// The lines that differ between two texts (a longest common subsequence of lines kept): by number in each.
    static func changedLines(_ old: String, _ new: String) -> (old: [Int], new: [Int]) {
        let a = old.components(separatedBy: "\n"), b = new.components(separatedBy: "\n")
        var common = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i][j] = a[i] == b[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var i = 0, j = 0, gone: [Int] = [], added: [Int] = []
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] { i += 1; j += 1 }
            else if j < b.count, i == a.count || common[i][j + 1] >= common[i + 1][j] { added.append(j + 1); j += 1 }
            else { gone.append(i + 1); i += 1 }
        }
        return (gone, added)
    }
}
