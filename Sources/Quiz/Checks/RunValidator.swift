import Foundation
import ConcurrencyHarness

/// Builds a run check's snippet as a program at each of its builds' flags, runs it, and compares what it printed;
/// then the control's snippet, which must print otherwise in some build.
///
/// The programs are built by the toolchain's `swiftc` (the compile checks' own, `QUIZ_SWIFTC`); a built program is
/// kept in the compile cache under the same rule as the compiler's output (same compiler, arguments and snippet), and
/// is always run afresh: what it prints is never kept.
public struct RunValidator: Sendable {
    /// The compiler, the snippets' folder and the cache: the compile checks' own.
    public var compiler: CompileValidator

    /// A validator for the snippets in `snippets`, with the compile checks' compiler and cache.
    public init(snippets: String) {
        compiler = CompileValidator(snippets: snippets)
    }

    /// Builds and runs every build of the check, then of its control, and judges them.
    @concurrent public func validate(_ check: RunCheck) async -> CheckResult {
        guard let swiftc = compiler.swiftc else {
            return CheckResult(.notCovered("no swiftc found (set QUIZ_SWIFTC, or put swiftc on PATH)"), observed: "")
        }
        guard let text = try? String(contentsOfFile: compiler.snippets + "/" + check.snippet, encoding: .utf8) else {
            return CheckResult(.contradicted, observed: "cannot read snippet \(check.snippet)")
        }
        let (printed, miss, problem) = await outputs(of: text, check: check, swiftc: swiftc)
        if let why = problem?.ranOutOfTime { return .outOfTime(why, observed: "\(check.snippet): \(problem!)") }
        var result = CheckResult(miss == nil ? .validated : .contradicted,
                                 observed: "\(check.snippet): " + (miss ?? printed.joined(separator: "; ")))
        guard miss == nil else { return result }
        await result.judge(check.control, text: text, snippets: compiler.snippets) { counterpart, rightText in
            // The control stops at its first build that prints otherwise: that is all it must show.
            let (shown, controlMiss, problem) = await outputs(of: counterpart.replaced(in: rightText), check: check,
                                                              swiftc: swiftc, stopAtFirstMiss: true)
            // A control that does not build or run prints nothing whatever the property: no evidence.
            if let why = problem?.ranOutOfTime { return .cutByTimeLimit(why) }
            if let problem { return .noEvidence("it did not build or run, so it shows nothing: \(problem)") }
            return controlMiss.map { .missed($0) } ?? .held(shown.joined(separator: "; "))
        }
        return result
    }

    /// What each build of `text` printed (`-O: …`), and the first miss in words, if any; `problem` if the miss is a
    /// build or run that went wrong rather than a program that printed otherwise.
    @concurrent func outputs(of text: String, check: RunCheck, swiftc: String, stopAtFirstMiss: Bool = false)
        async -> (printed: [String], miss: String?, problem: Problem?)
    {
        var printed: [String] = []
        var misses: [String] = []
        for build in check.builds {
            let name = build.flags.isEmpty ? "no flags" : build.flags.joined(separator: " ")
            switch await buildAndRun(text, flags: build.flags, swiftc: swiftc) {
            case .failure(var problem):
                problem.description = "\(name): \(problem)"
                return (printed, problem.description, problem)
            case .success(let stdout):
                printed.append("\(name): \(stdout)")
                if stdout != build.stdout {
                    misses.append("\(name) printed \"\(stdout)\", expected \"\(build.stdout)\"")
                    if stopAtFirstMiss { return (printed, misses.first, nil) }
                }
            }
        }
        return (printed, misses.isEmpty ? nil : misses.joined(separator: "; "), nil)
    }

    /// A build or run that went wrong, in words.
    struct Problem: Error, CustomStringConvertible {
        var description: String
        /// Why it shows nothing, if the compiler or the program ran out of its time (`ChildOutcome.ranOutOfTime`).
        var ranOutOfTime: String? = nil
    }

    /// Builds `text` as `main.swift` with `flags` (or takes the kept program) and runs it: its standard output,
    /// trimmed.
    @concurrent func buildAndRun(_ text: String, flags: [String], swiftc: String) async -> Result<String, Problem> {
        let folder: URL
        do {
            folder = try ScratchFolder.make("quiz-run")
            try text.write(to: folder.appendingPathComponent("main.swift"), atomically: true, encoding: .utf8)
        } catch {
            return .failure(Problem(description: "cannot write the snippet: \(error)"))
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        let arguments = ["-swift-version", "6"] + flags + ["main.swift", "-o", "program"]
        var program = folder.appendingPathComponent("program").path
        var key: String?
        if compiler.cache != nil, let identity = await CompileCache.identity(of: swiftc) {
            key = CompileCache.key(compiler: identity, arguments: arguments, file: "main.swift", source: text)
        }
        if let cache = compiler.cache, let key, let kept = cache.program(key) {
            program = kept
        } else {
            let built = await ChildProcess.run(swiftc, ["-swift-version", "6"] + flags
                + [folder.appendingPathComponent("main.swift").path, "-o", program])
            guard built.ending == .exit(0) else {
                let first = Diagnostic.parse(built.stderr).first.map(\.description) ?? String(built.stderr.prefix(300))
                return .failure(Problem(description: "did not build (\(built.ending)): \(first)",
                                        ranOutOfTime: built.ranOutOfTime))
            }
            if let cache = compiler.cache, let key { cache.keepProgram(key, from: program) }
        }
        let ran = await ChildProcess.run(program, [], timeout: .seconds(30))
        guard ran.ending == .exit(0) else {
            return .failure(Problem(description: "the program ended with \(ran.ending): \(ran.stderr.prefix(300))",
                                    ranOutOfTime: ran.ranOutOfTime))
        }
        return .success(ran.stdout.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
