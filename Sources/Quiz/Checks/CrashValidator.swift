import Foundation

/// Runs crash checks' scenarios in child processes and judges how they ended.
///
/// The child is this same program, started again with `--crash-child <name>`: it runs the named crash scenario
/// and exits 0 if the scenario returns.
public struct CrashValidator: Sendable {
    /// The argument that makes a program run one crash scenario and nothing else.
    public static let childFlag = "--crash-child"
    /// What every child gets: the backtracer on, so that a libdispatch trap (which prints no message on Linux)
    /// still names the function that trapped.
    public static let childEnvironment = ["SWIFT_BACKTRACE": "enable=yes,interactive=no,color=no"]

    /// The program to start as the child (one that honours `--crash-child`), or nil if unknown.
    public var executable: String?
    /// Where crash scenarios are looked up.
    public var catalog: Catalog

    /// A validator that starts `executable` as its child.
    public init(executable: String?, catalog: Catalog) {
        self.executable = executable
        self.catalog = catalog
    }

    /// This program's own path (`/proc/self/exe` on Linux).
    public static func currentExecutable() -> String? {
        #if os(Linux)
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        #endif
        return Bundle.main.executablePath ?? CommandLine.arguments.first
    }

    /// The file of the loaded image (executable, library or test bundle) that holds `address` — `#dsohandle` for the
    /// caller's own — or nil. Through `dladdr`, found by name (glibc declares it only to `_GNU_SOURCE`), whose
    /// `Dl_info` begins with the file's path on both platforms. A test bundle finds programs built beside it this way:
    /// on a Mac its process is the toolchain's test helper, so `currentExecutable()` is not beside it.
    public static func imagePath(containing address: UnsafeRawPointer) -> String? {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        typealias DLAddr = @convention(c) (UnsafeRawPointer?, UnsafeMutableRawPointer?) -> Int32
        guard let symbol = dlsym(everywhere, "dladdr") else { return nil }
        // Dl_info: the file's path, its base address, the nearest symbol's name and address.
        var info: [UnsafeRawPointer?] = [nil, nil, nil, nil]
        let found = info.withUnsafeMutableBytes { unsafeBitCast(symbol, to: DLAddr.self)(address, $0.baseAddress) }
        guard found != 0, let path = info[0] else { return nil }
        return String(cString: path.assumingMemoryBound(to: CChar.self))
    }

    /// Starts the child and judges how it ended.
    @concurrent public func validate(_ check: CrashCheck) async -> CheckResult {
        guard catalog.crashes[check.scenario] != nil else {
            let from = catalog.pendingCrashes[check.scenario].map { "crash scenario \(check.scenario), from \($0)" }
            return CheckResult(.notCovered(from ?? "crash scenario \(check.scenario) is not in the catalog"), observed: "")
        }
        guard let executable else {
            return CheckResult(.notCovered("no program to start as the crash child"), observed: "")
        }
        var result = Self.evaluate(check, outcome: await child(executable, check.scenario, check.environment))
        guard result.verdict == .validated else { return result }
        // The fixed shape, judged against the same expectation: the crash must not come.
        guard case .counterpart(let scenario, let environment, let why)? = check.control else {
            await result.judge(control: nil, why: check.control?.why) { .held("") }
            return result
        }
        var fixed = check
        fixed.scenario = scenario ?? check.scenario
        fixed.environment = environment ?? check.environment
        guard catalog.crashes[fixed.scenario] != nil else {
            return CheckResult(.notCovered("control crash scenario \(fixed.scenario) is not in the catalog"), observed: "")
        }
        await result.judge(control: "\(check.control!)", why: why) {
            let outcome = await child(executable, fixed.scenario, fixed.environment)
            if let why = outcome.ranOutOfTime { return .cutByTimeLimit(why) }
            let shown = Self.evaluate(fixed, outcome: outcome)
            // Where the check is a crash, a fixed shape that crashes too, however otherwise, shows nothing about
            // this crash: no evidence. (Where the check is a clean exit, the control's crash is the evidence.)
            let expected = check.expectation().exit
            if expected != .success, case .signal(let number) = outcome.ending {
                return .noEvidence("it crashed too (signal \(number)), so it shows nothing: \(shown.observed)")
            }
            return shown.verdict == .contradicted ? .missed(shown.observed) : .held(shown.observed)
        }
        return result
    }

    /// Runs the crash scenario `name` in a child process with `environment` over the children's own.
    @concurrent func child(_ executable: String, _ name: String, _ environment: [String: String]) async -> ChildOutcome {
        await ChildProcess.run(executable, [Self.childFlag, name],
                               environment: Self.childEnvironment.merging(environment) { _, check in check },
                               timeout: .seconds(60))
    }

    /// Judges `outcome` against the check (Linux's expectation on Linux).
    public static func evaluate(_ check: CrashCheck, outcome: ChildOutcome, onLinux: Bool = quizRunsOnLinux) -> CheckResult {
        if let why = outcome.ranOutOfTime { return .outOfTime(why, observed: "\(check.scenario): \(outcome.ending)") }
        let linux = onLinux ? check.linux : nil
        let expect = check.expectation(onLinux: onLinux)
        var problems: [String] = []
        switch (expect.exit, outcome.ending) {
        case (.signal, .signal(let number)):
            if let wanted = expect.signal, wanted != number { problems.append("signal \(number), expected \(wanted)") }
        case (.failure, .signal), (.failure, .exit(1...)), (.failure, .exit(...(-1))), (.success, .exit(0)):
            break
        default:
            problems.append("\(outcome.ending), expected \(expect.exit == .success ? "exit code 0" : expect.exit == .signal ? "a signal" : "a failure")")
        }
        var shown: [String] = []
        if let pattern = expect.stderr {
            if let line = firstMatch(pattern, in: outcome.stderr) {
                shown.append("stderr: \(line)")
            } else {
                problems.append("stderr has no /\(pattern)/")
            }
        }
        if let pattern = expect.stdout {
            if let line = firstMatch(pattern, in: outcome.stdout) {
                shown.append("stdout: \(line)")
            } else {
                problems.append("stdout has no /\(pattern)/")
            }
        }
        let observed = "\(check.scenario): \(outcome.ending)" + (shown.isEmpty ? "" : "; " + shown.joined(separator: "; "))
        guard problems.isEmpty else {
            let tail = outcome.stderr.split(separator: "\n").prefix(3).joined(separator: " ⏎ ")
            return CheckResult(.contradicted, observed: observed + " — " + problems.joined(separator: "; ")
                + (tail.isEmpty ? "" : " (stderr begins: \(tail.prefix(240)))"))
        }
        return CheckResult(.validated, observed: observed, differs: linux?.note)
    }

    /// The first line of `text` in which `pattern` matches (the match itself if the line is long).
    static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        guard let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
              let range = Range(match.range, in: text) else { return nil }
        let line = text[text.lineRange(for: range)].split(whereSeparator: \.isWhitespace).joined(separator: " ")
        return line.count <= 160 ? line : String(text[range].prefix(160))
    }

    /// The child's side: runs the crash scenario `name`, then exits 0 (if it did not crash), or 64 if unknown.
    @concurrent public static func runChild(_ name: String, catalog: Catalog) async -> Never {
        guard let crash = catalog.crashes[name] else {
            FileHandle.standardError.write(Data("quiz: unknown crash scenario \"\(name)\"\n".utf8))
            exit(64)
        }
        await crash.run()
        exit(0)
    }
}
