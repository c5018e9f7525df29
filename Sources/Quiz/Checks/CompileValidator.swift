import Foundation
import ConcurrencyHarness

/// One diagnostic of the compiler: `error` or `warning`, its line in the snippet, and its words.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// `error` or `warning`.
    public var severity: String
    /// The line in the snippet (1-based).
    public var line: Int
    /// The words, without the diagnostic group (` [#SendingRisksDataRace]`).
    public var message: String

    public var description: String { "\(severity): \(message)" }

    /// Reads the `file:line:column: severity: message` lines of the compiler's output.
    public static func parse(_ output: String) -> [Diagnostic] {
        let header = try! NSRegularExpression(pattern: #"^\S.*?:([0-9]+):[0-9]+: (error|warning): (.*)$"#)
        let group = try! NSRegularExpression(pattern: #" \[#[A-Za-z0-9-]+\]$"#)
        var found: [Diagnostic] = []
        for line in output.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            guard let match = header.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)),
                  let number = Range(match.range(at: 1), in: line).flatMap({ Int(line[$0]) }),
                  let severity = Range(match.range(at: 2), in: line).map({ String(line[$0]) }),
                  var message = Range(match.range(at: 3), in: line).map({ String(line[$0]) })
            else { continue }
            message = group.stringByReplacingMatches(in: message, range: NSRange(message.startIndex..., in: message),
                                                     withTemplate: "")
            let diagnostic = Diagnostic(severity: severity, line: number, message: message)
            if !found.contains(diagnostic) { found.append(diagnostic) }
        }
        return found
    }
}

/// Typechecks (or compiles to SIL or IR) each compile check's snippet with the toolchain's `swiftc`, in a
/// temporary folder, and judges what the compiler said.
public struct CompileValidator: Sendable {
    /// The compiler, or nil if none was found.
    public var swiftc: String?
    /// The folder of the bank's snippet files.
    public var snippets: String
    /// Where the compiler's output on unchanged snippets is kept, or nil to compile every time.
    public var cache: CompileCache?

    /// A validator for the snippets in `snippets`, with `swiftc` found by `findSwiftc()` unless given.
    public init(snippets: String, swiftc: String? = CompileValidator.findSwiftc(), cache: CompileCache? = .standard) {
        self.snippets = snippets
        self.swiftc = swiftc
        self.cache = cache
    }

    /// `QUIZ_SWIFTC`, else `swiftc` on `PATH`, else the usual install folders.
    public static func findSwiftc() -> String? {
        if let chosen = ProcessInfo.processInfo.environment["QUIZ_SWIFTC"], !chosen.isEmpty { return chosen }
        if let found = ChildProcess.which("swiftc") { return found }
        return ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The snippet's text: the file's, or the inline source.
    public func source(of check: CompileCheck) -> String? {
        if let inline = check.source { return inline }
        return try? String(contentsOfFile: snippets + "/" + check.snippet, encoding: .utf8)
    }

    /// The compiler's arguments for `check`, compiling `file`.
    public static func arguments(for check: CompileCheck, file: String) -> [String] {
        var arguments = ["-swift-version", String(check.swiftVersion)]
        if !check.topLevel { arguments.append("-parse-as-library") }
        arguments += check.flags
        switch check.mode {
        case .typecheck: arguments.append("-typecheck")
        case .sil: arguments += ["-emit-sil", "-o", "-"]
        case .ir: arguments += ["-emit-ir", "-o", "-"]
        }
        arguments.append(file)
        return arguments
    }

    /// Compiles the check's snippet in a folder of its own (or finds what the same compiler said about the same
    /// snippet with the same arguments in the cache) and judges the result.
    @concurrent public func validate(_ check: CompileCheck) async -> CheckResult {
        guard let swiftc else {
            return CheckResult(.notCovered("no swiftc found (set QUIZ_SWIFTC, or put swiftc on PATH)"), observed: "")
        }
        guard let text = source(of: check) else {
            return CheckResult(.contradicted, observed: "cannot read snippet \(check.snippet)")
        }
        var result = await judge(check, text: text, swiftc: swiftc)
        guard result.verdict == .validated else { return result }
        // The control, judged against the same expectation: the error must not come (the wrong shape must not
        // compile, the warning must not appear, the output must differ).
        let snippetErrors = result.compileErrors
        await result.judge(check.control, text: text, snippets: snippets) { counterpart, rightText in
            let (right, changedText) = counterpart.apply(to: check, text: rightText)
            let shown = await judge(right, text: changedText, swiftc: swiftc)
            if let why = shown.ranOutOfTime { return .cutByTimeLimit(why) }
            // An output or a warning is missing from a control that does not compile whatever it shows: no evidence.
            let outcome = right.expectation().outcome
            if shown.failedToCompile, outcome == .output || outcome == .warning {
                return .noEvidence("it did not compile, so it shows nothing about the \(outcome.rawValue): \(shown.observed)")
            }
            // An error the snippet did not have — a typo, a name the edit broke, another rule — may be why the expected
            // one is missing (or why the count is off): the control must take errors away, never bring one.
            if outcome == .error, let own = shown.compileErrors.first(where: { !snippetErrors.contains($0) }) {
                return .noEvidence("it fails with an error of its own, so it shows nothing about this one: error: \(own)")
            }
            return shown.verdict == .contradicted ? .missed(shown.observed) : .held(shown.observed)
        }
        return result
    }

    /// Compiles `text` as the check says (or finds the output in the cache) and judges what the compiler said.
    @concurrent func judge(_ check: CompileCheck, text: String, swiftc: String) async -> CheckResult {
        let name = check.snippet == "inline" ? "snippet.swift" : check.snippet
        var key: String?
        if let cache, let compiler = await CompileCache.identity(of: swiftc) {
            key = CompileCache.key(compiler: compiler, arguments: Self.arguments(for: check, file: name), file: name,
                                   source: text)
            if let kept = cache.lookup(key!) { return Self.evaluate(check, outcome: kept, source: text) }
        }
        let outcome = await compile(text, named: name, check: check, swiftc: swiftc)
        if outcome.ending == .exit(-1) {
            return CheckResult(.contradicted, observed: "\(check.snippet): the compiler did not run: \(outcome.stderr)")
        }
        if let cache, let key { cache.store(key, outcome) }
        return Self.evaluate(check, outcome: outcome, source: text)
    }

    /// Runs the compiler on `text`, written as `name` in a folder of its own in the process's scratch folder.
    @concurrent func compile(_ text: String, named name: String, check: CompileCheck, swiftc: String) async -> ChildOutcome {
        let folder: URL, file: URL
        do {
            folder = try ScratchFolder.make("quiz-snippet")
            file = folder.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
        } catch {
            return ChildOutcome(ending: .exit(-1), stdout: "", stderr: "cannot write the snippet \(name): \(error)")
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        return await ChildProcess.run(swiftc, Self.arguments(for: check, file: file.path))
    }

    /// Judges the compiler's `outcome` on `source` against the check (Linux's expectation on Linux).
    public static func evaluate(_ check: CompileCheck, outcome: ChildOutcome, source: String,
                                onLinux: Bool = quizRunsOnLinux) -> CheckResult {
        let linux = onLinux ? check.linux : nil
        let expect = check.expectation(onLinux: onLinux)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let diagnostics = Diagnostic.parse(outcome.stderr)
        let prefix = check.snippet + (check.swiftVersion == 5 ? " (Swift 5 mode)" : "") + ": "
        if let why = outcome.ranOutOfTime { return .outOfTime(why, observed: prefix + "the compiler \(outcome.ending)") }
        if case .signal(let number) = outcome.ending {
            return CheckResult(.contradicted, observed: prefix + "the compiler crashed (signal \(number)): "
                + String(outcome.stderr.suffix(300)))
        }
        let succeeded = outcome.ending == .exit(0)
        func matches(_ diagnostic: Diagnostic, severity: String) -> Bool {
            guard diagnostic.severity == severity else { return false }
            if let words = expect.diagnostic, !diagnostic.message.contains(words) { return false }
            if let pattern = expect.pattern, !Self.search(pattern, in: diagnostic.message) { return false }
            if let at = expect.at {
                guard diagnostic.line >= 1, diagnostic.line <= lines.count, lines[diagnostic.line - 1].contains(at) else {
                    return false
                }
            }
            return true
        }
        let verdict: Verdict
        var observed: String
        var decidingLine: Int?
        switch expect.outcome {
        case .error, .warning:
            let severity = expect.outcome.rawValue
            let found = diagnostics.first { matches($0, severity: severity) }
            let rightEnding = expect.outcome == .error ? !succeeded : succeeded
            // `count` on an error: exactly that many errors — 1 for the lessons' "only this line fails".
            let errors = diagnostics.filter { $0.severity == "error" }.count
            let rightCount = expect.outcome != .error || expect.count.map { $0 == errors } ?? true
            verdict = found != nil && rightEnding && rightCount ? .validated : .contradicted
            if let found {
                decidingLine = found.line
                observed = "\(found)" + (expect.at != nil ? " (line \(found.line))" : "")
                if !rightEnding { observed += succeeded ? ", yet it compiled" : ", and it failed to compile" }
                if !rightCount { observed += " — and \(errors) errors in all, not \(expect.count!)" }
                if rightCount, expect.outcome == .error, expect.count != nil { observed += " (the only error)" }
            } else {
                observed = diagnostics.isEmpty ? (succeeded ? "compiles, with no diagnostic" : "fails with no diagnostic")
                    : diagnostics.prefix(3).map(\.description).joined(separator: "; ")
            }
        case .compiles:
            verdict = succeeded ? .validated : .contradicted
            let warnings = diagnostics.filter { $0.severity == "warning" }
            observed = succeeded ? "compiles" + (warnings.isEmpty ? "" : " (\(warnings.count) warning\(warnings.count == 1 ? "" : "s"))")
                : diagnostics.prefix(3).map(\.description).joined(separator: "; ")
        case .output:
            let count = Self.count(expect.pattern!, in: outcome.stdout)
            let rightCount = expect.count.map { $0 == count } ?? (count > 0)
            verdict = succeeded && rightCount ? .validated : .contradicted
            observed = succeeded ? "\(count) match\(count == 1 ? "" : "es") of /\(expect.pattern!)/ in the \(check.mode.rawValue.uppercased())"
                : diagnostics.prefix(3).map(\.description).joined(separator: "; ")
        }
        var result = CheckResult(verdict, observed: prefix + observed, differs: verdict == .validated ? linux?.note : nil)
        result.failedToCompile = !succeeded
        result.compileErrors = diagnostics.filter { $0.severity == "error" }.map(\.message)
        result.snippetLine = decidingLine
        return result
    }

    /// Whether `pattern` matches somewhere in `text`.
    static func search(_ pattern: String, in text: String) -> Bool {
        count(pattern, in: text, stopAtFirst: true) > 0
    }

    /// How many times `pattern` matches in `text`.
    static func count(_ pattern: String, in text: String, stopAtFirst: Bool = false) -> Int {
        guard let regex = try? NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines]) else { return 0 }
        let range = NSRange(text.startIndex..., in: text)
        return stopAtFirst ? (regex.firstMatch(in: text, range: range) == nil ? 0 : 1)
            : regex.numberOfMatches(in: text, range: range)
    }
}

extension CheckResult {
    /// Judges a compile, run or crash check that held against its control, by the harness's one rule
    /// (`judge(held:control:)`): with no control (nil), unguarded with its reason; otherwise `attempt` runs the
    /// control and says what its run showed (`ControlEvidence`).
    mutating func judge(control name: String?, why: String?, attempt: () async -> ControlEvidence) async {
        controlWhy = why
        if let name {
            control = .judging(name, [await attempt()])
        } else {
            control = ControlResult.none(why: why ?? "no control: nothing shows this check could fail")
        }
        verdict = Verdict(ConcurrencyHarness.judge(held: true, control: control))
    }

    /// Judges a snippet check that held against its control (nil: none given): `attempt` gets the control's
    /// text (its own snippet or the check's, with the replacements left to it).
    mutating func judge(_ control: CompileControl?, text: String, snippets: String,
                        attempt: (CompileCounterpart, String) async -> ControlEvidence) async {
        guard case .counterpart(let counterpart)? = control else {
            await judge(control: nil, why: control?.why) { .held("") }
            return
        }
        var rightText = text
        if let other = counterpart.snippet {
            guard let read = try? String(contentsOfFile: snippets + "/" + other, encoding: .utf8) else {
                verdict = .contradicted
                observed += " — cannot read the control's snippet \(other)"
                return
            }
            rightText = read
        }
        await judge(control: "\(counterpart)", why: counterpart.why) { await attempt(counterpart, rightText) }
    }
}
