import ConcurrencyHarness

/// One way of validating an entry: running a scenario, compiling a snippet, crashing a child process — or a
/// reason why this machine cannot.
public enum QuizCheck: Sendable, Hashable {
    case runtime(RuntimeCheck)
    case compile(CompileCheck)
    /// A snippet built as a program at each optimisation level, and run.
    case run(RunCheck)
    case crash(CrashCheck)
    /// Cannot be checked without an Apple platform (SwiftUI, MapKit, the simulator, Darwin-only API).
    case appleOnly(reason: String)
    /// Needs another toolchain: `check` runs only where `requirement` holds.
    case toolchain(ToolchainRequirement, reason: String, check: QuizCheckBox?)

    /// How the lesson's example was changed in a way that changes what is measured, if it was.
    public var adapted: String? {
        switch self {
        case .runtime(let check): check.adapted
        case .compile(let check): check.adapted
        case .run(let check): check.adapted
        case .crash(let check): check.adapted
        case .appleOnly: nil
        case .toolchain(_, _, let inner): inner?.check.adapted
        }
    }

    /// The bank's audit of the check — what could have made it fail — if it has one.
    public var audit: String? {
        switch self {
        case .runtime(let check): check.audit
        case .compile(let check): check.audit
        case .run(let check): check.audit
        case .crash(let check): check.audit
        case .appleOnly: nil
        case .toolchain(_, _, let inner): inner?.check.audit
        }
    }

    /// Whether the check names a control (a code change under which it must fail), so that it can be validated.
    public var hasControl: Bool {
        switch self {
        case .runtime(let check): if case .none = check.control { false } else { true }
        case .compile(let check): if case .counterpart? = check.control { true } else { false }
        case .run(let check): if case .counterpart = check.control { true } else { false }
        case .crash(let check): if case .counterpart? = check.control { true } else { false }
        case .appleOnly: false
        case .toolchain(_, _, let inner): inner?.check.hasControl ?? false
        }
    }

    /// The check's kind, as the bank writes it.
    public var kindName: String {
        switch self {
        case .runtime: "runtime"
        case .compile: "compile"
        case .run: "run"
        case .crash: "crash"
        case .appleOnly: "platform"
        case .toolchain: "toolchain"
        }
    }
}

/// A check inside a toolchain requirement (boxed: a check cannot hold a check directly).
public final class QuizCheckBox: Sendable, Hashable {
    /// The check to run where the toolchain allows.
    public let check: QuizCheck

    /// Boxes `check`.
    public init(_ check: QuizCheck) {
        self.check = check
    }

    public static func == (left: QuizCheckBox, right: QuizCheckBox) -> Bool {
        left.check == right.check
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(check)
    }
}

/// A scenario run under the harness, and what its observed values must be.
public struct RuntimeCheck: Sendable, Hashable {
    /// The scenario's name in the catalog: `jar.pourSlowly`.
    public var scenario: String
    /// Arguments for the scenario, by name.
    public var arguments: [String: ScenarioArgument]
    /// The schedules to run it under; seeded means `seeds` seeds.
    public var schedules: [QuizSchedule]
    /// How many seeds a seeded schedule explores.
    public var seeds: Int
    /// The lesson's expectations, by observed value: they hold for every run.
    public var expect: [String: ValueExpectation]
    /// The harness failure every run must end in (`deadlock`: the lesson's "waits for ever"), instead of a value.
    public var failsWith: HarnessFailure.Kind?
    /// Expectations that must hold together for at least one seed (a race the lesson saw, which some schedules
    /// show and others do not). Empty if none.
    public var expectSome: [String: ValueExpectation]
    /// Where Linux measurably differs: expectations that replace the lesson's for the values they name.
    public var linux: LinuxOverride<[String: ValueExpectation]>?
    /// How the lesson's example was adapted, if it was.
    public var note: String?
    /// The counterfactual under which the expectation must fail, or why none exists.
    public var control: RuntimeControl
    /// How the lesson's example had to be adapted in a way that changes what is measured (printed in the report).
    public var adapted: String?
    /// What, in the code under test, could have made the check fail, and how its control shows it: the bank's audit
    /// of a check that can be validated (`BankTests` refuses a check with a control and no audit).
    public var audit: String?

    /// A runtime check.
    public init(scenario: String, arguments: [String: ScenarioArgument], schedules: [QuizSchedule], seeds: Int,
                expect: [String: ValueExpectation], expectSome: [String: ValueExpectation] = [:],
                failsWith: HarnessFailure.Kind? = nil, linux: LinuxOverride<[String: ValueExpectation]>?, note: String?,
                control: RuntimeControl, adapted: String? = nil) {
        self.control = control
        self.adapted = adapted
        self.scenario = scenario
        self.arguments = arguments
        self.schedules = schedules
        self.seeds = seeds
        self.expect = expect
        self.failsWith = failsWith
        self.expectSome = expectSome
        self.linux = linux
        self.note = note
    }
}

/// A runtime check's control: the same scenario with some arguments changed to the lesson's wrong shape (a
/// plain class for the actor, no `await` before the read, …), under which its expectation must fail — or, where
/// no counterfactual can exist, why.
public enum RuntimeControl: Sendable, Hashable, CustomStringConvertible {
    /// The scenario with these arguments over the check's, and what they change.
    case arguments([String: ScenarioArgument], why: String)
    /// No counterfactual: the check is reported as unguarded.
    case none(why: String)

    /// `shape="plainClass"`: the control's name in a report.
    public var description: String {
        switch self {
        case .arguments(let values, _): values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: ", ")
        case .none: "none"
        }
    }
}

/// How a runtime check is scheduled.
public enum QuizSchedule: String, Sendable, Hashable, CaseIterable {
    /// The harness's one thread, first in first out, real time.
    case strict
    /// The harness's one thread, seeded picks, virtual time, many seeds.
    case seeded
    /// The real global executor.
    case system
}

/// What Linux does instead, and why.
public struct LinuxOverride<Value: Sendable & Hashable>: Sendable, Hashable {
    /// The Linux expectation.
    public var value: Value
    /// Why Linux differs from the lesson (the report says "differs from the lesson: <note>").
    public var note: String

    /// Linux's `value`, and why.
    public init(value: Value, note: String) {
        self.value = value
        self.note = note
    }
}

/// A snippet typechecked (or compiled to SIL or IR) by the toolchain's `swiftc`, and what it must say.
public struct CompileCheck: Sendable, Hashable {
    /// How far the compiler goes: `typecheck` (`-typecheck`, the type checker's diagnostics), `sil` (`-emit-sil`:
    /// also the flow-sensitive diagnostics — region isolation, the move checker — and SIL output) or `ir`
    /// (`-emit-ir`, LLVM IR output).
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        case typecheck, sil, ir
    }

    /// What the compiler must do.
    public enum Outcome: String, Sendable, Hashable, CaseIterable {
        /// Fail with an error matching the diagnostic.
        case error
        /// Succeed, with a warning matching the diagnostic.
        case warning
        /// Succeed with no error.
        case compiles
        /// Succeed, and print output matching the pattern (`count` times, if given).
        case output
    }

    /// What is expected, on one platform.
    public struct Expectation: Sendable, Hashable {
        /// Error, warning, compiles or output.
        public var outcome: Outcome
        /// The diagnostic's text, literally (found inside the compiler's message).
        public var diagnostic: String?
        /// A regular expression over the diagnostic (or, for `output`, over the output).
        public var pattern: String?
        /// For `output`: exactly how many matches.
        public var count: Int?
        /// The diagnostic must be on the snippet line that contains this text.
        public var at: String?

        /// An expectation of the compiler.
        public init(outcome: Outcome, diagnostic: String? = nil, pattern: String? = nil, count: Int? = nil, at: String? = nil) {
            self.outcome = outcome
            self.diagnostic = diagnostic
            self.pattern = pattern
            self.count = count
            self.at = at
        }
    }

    /// The snippet file, in `Quiz/snippets/`, or "inline".
    public var snippet: String
    /// The snippet's text when it is inline.
    public var source: String?
    /// `-swift-version`: 6 unless the claim is about the Swift 5 language mode.
    public var swiftVersion: Int
    /// How far the compiler goes.
    public var mode: Mode
    /// Extra `swiftc` flags (`-default-isolation MainActor`, `-enable-upcoming-feature …`).
    public var flags: [String]
    /// Whether the snippet has top-level code (compiled as a main file; otherwise `-parse-as-library`).
    public var topLevel: Bool
    /// The lesson's expectation.
    public var expect: Expectation
    /// What Linux says instead, if it differs.
    public var linux: LinuxOverride<Expectation>?
    /// How the lesson's example was adapted, if it was.
    public var note: String?
    /// How the lesson's example was changed in a way that changes what is measured (printed in the report).
    public var adapted: String?
    /// What, in the code under test, could have made the check fail, and how its control shows it: the bank's audit
    /// of a check that can be validated (`BankTests` refuses a check with a control and no audit).
    public var audit: String?
    /// The counterfactual under which the expectation must fail — the right shape for an expected error, the
    /// lesson's wrong shape (or the property removed) for `compiles`, `warning` and `output`; nil or none: unguarded.
    public var control: CompileControl?

    /// A compile check.
    public init(snippet: String, source: String?, swiftVersion: Int, mode: Mode, flags: [String], topLevel: Bool,
                expect: Expectation, linux: LinuxOverride<Expectation>?, note: String?) {
        self.snippet = snippet
        self.source = source
        self.swiftVersion = swiftVersion
        self.mode = mode
        self.flags = flags
        self.topLevel = topLevel
        self.expect = expect
        self.linux = linux
        self.note = note
    }
}

/// A compile check's control: the snippet changed — another snippet file, lines of this one replaced, another
/// language mode or other flags — under which the check's expectation must fail (an expected error does not come;
/// the wrong shape does not compile; a warning does not appear; the output differs); or, where no counterfactual
/// can exist, why.
public enum CompileControl: Sendable, Hashable, CustomStringConvertible {
    /// The check with these changes, and why they make it the right shape.
    case counterpart(CompileCounterpart)
    /// No right shape: the check is reported as unguarded.
    case none(why: String)

    /// `L38-C10.swift`, `"x" → "y"`, `Swift 5 mode`: the control's name in a report.
    public var description: String {
        switch self {
        case .counterpart(let counterpart): counterpart.description
        case .none: "none"
        }
    }

    /// Why the control is what it is.
    public var why: String {
        switch self {
        case .counterpart(let counterpart): counterpart.why
        case .none(let why): why
        }
    }
}

/// The changes that turn a compile check's snippet into its right shape.
public struct CompileCounterpart: Sendable, Hashable, CustomStringConvertible {
    /// Another snippet file instead of the check's.
    public var snippet: String?
    /// Texts of the snippet replaced, in order: each `from` must occur in it.
    public var replacements: [Replacement]
    /// Another language mode.
    public var swiftVersion: Int?
    /// Other `swiftc` flags instead of the check's.
    public var flags: [String]?
    /// Why this is the right shape.
    public var why: String

    /// One text replaced by another.
    public struct Replacement: Sendable, Hashable {
        public var from: String
        public var to: String

        /// `from` replaced by `to`.
        public init(from: String, to: String) {
            self.from = from
            self.to = to
        }
    }

    /// A control's changes, and why they make the counterfactual.
    public init(snippet: String?, replacements: [Replacement], swiftVersion: Int?, flags: [String]?, why: String) {
        self.snippet = snippet
        self.replacements = replacements
        self.swiftVersion = swiftVersion
        self.flags = flags
        self.why = why
    }

    /// The changes, in a few words.
    public var description: String {
        var parts: [String] = []
        if let snippet { parts.append(snippet) }
        parts += replacements.map { "\"\($0.from)\" → \"\($0.to)\"" }
        if let swiftVersion { parts.append("Swift \(swiftVersion) mode") }
        if let flags { parts.append(flags.isEmpty ? "no flags" : flags.joined(separator: " ")) }
        return parts.joined(separator: ", ")
    }

    /// `text` with the replacements made.
    public func replaced(in text: String) -> String {
        replacements.reduce(text) { $0.replacingOccurrences(of: $1.from, with: $1.to) }
    }

    /// The check made the right shape: its snippet, text, mode and flags changed; its expectation kept.
    public func apply(to check: CompileCheck, text: String) -> (check: CompileCheck, text: String) {
        var changed = check
        let changedText = replaced(in: text)
        if let snippet { changed.snippet = snippet }
        if let swiftVersion { changed.swiftVersion = swiftVersion }
        if let flags { changed.flags = flags }
        changed.control = nil
        return (changed, changedText)
    }
}

/// A snippet built as a program (top-level code, `main.swift`) with each build's flags — `-Onone` and `-O`, a Debug
/// and a Release build — and run: what each build prints.
public struct RunCheck: Sendable, Hashable {
    /// One build: its `swiftc` flags, and the program's standard output (trimmed) it must print.
    public struct Build: Sendable, Hashable {
        public var flags: [String]
        public var stdout: String

        /// A build.
        public init(flags: [String], stdout: String) {
            self.flags = flags
            self.stdout = stdout
        }
    }

    /// The snippet file, in `Quiz/snippets/`.
    public var snippet: String
    /// The builds, in order.
    public var builds: [Build]
    /// The snippet changed (another file, texts replaced) so that some build must print otherwise; or none, and why.
    public var control: CompileControl
    /// How the lesson's example was adapted, if it was.
    public var note: String?
    /// How the lesson's example was changed in a way that changes what is measured (printed in the report).
    public var adapted: String?
    /// What, in the code under test, could have made the check fail, and how its control shows it: the bank's audit
    /// of a check that can be validated (`BankTests` refuses a check with a control and no audit).
    public var audit: String?

    /// A run check.
    public init(snippet: String, builds: [Build], control: CompileControl, note: String?, adapted: String?) {
        self.snippet = snippet
        self.builds = builds
        self.control = control
        self.note = note
        self.adapted = adapted
    }
}

/// A scenario run in a child process that is expected to stop the program (or to log and go on).
public struct CrashCheck: Sendable, Hashable {
    /// How the child must end.
    public enum Exit: String, Sendable, Hashable, CaseIterable {
        /// Killed by a signal (a trap, a fatal error).
        case signal
        /// Any failure: a signal or a non-zero exit code.
        case failure
        /// Exit code 0 (the child only logs).
        case success
    }

    /// What is expected, on one platform.
    public struct Expectation: Sendable, Hashable {
        /// How the child ends.
        public var exit: Exit
        /// For `signal`: which one (5, SIGTRAP, on Apple silicon; 4, SIGILL, on x86_64).
        public var signal: Int?
        /// A regular expression that must match the child's standard error.
        public var stderr: String?
        /// A regular expression that must match the child's standard output.
        public var stdout: String?

        /// An expectation of the child.
        public init(exit: Exit, signal: Int? = nil, stderr: String? = nil, stdout: String? = nil) {
            self.exit = exit
            self.signal = signal
            self.stderr = stderr
            self.stdout = stdout
        }
    }

    /// The crash scenario's name in the catalog.
    public var scenario: String
    /// Extra environment for the child.
    public var environment: [String: String]
    /// The lesson's expectation.
    public var expect: Expectation
    /// What Linux does instead, if it differs.
    public var linux: LinuxOverride<Expectation>?
    /// How the lesson's example was adapted, if it was.
    public var note: String?
    /// How the lesson's example was changed in a way that changes what is measured (printed in the report).
    public var adapted: String?
    /// What, in the code under test, could have made the check fail, and how its control shows it: the bank's audit
    /// of a check that can be validated (`BankTests` refuses a check with a control and no audit).
    public var audit: String?
    /// The fixed shape, under which the crash must not come; nil (no control given) or none: unguarded.
    public var control: CrashControl?

    /// A crash check.
    public init(scenario: String, environment: [String: String], expect: Expectation, linux: LinuxOverride<Expectation>?,
                note: String?, control: CrashControl? = nil) {
        self.scenario = scenario
        self.environment = environment
        self.expect = expect
        self.linux = linux
        self.note = note
        self.control = control
    }
}

/// A crash check's control: another crash scenario — the lesson's fixed shape (resumed once, sync onto another
/// queue) — and/or another environment for the child, under which the check's expectation must fail (the crash does
/// not come); or, where no fixed shape can exist, why.
public enum CrashControl: Sendable, Hashable, CustomStringConvertible {
    /// The child run with this scenario (nil: the check's) and this environment (nil: the check's), and why.
    case counterpart(scenario: String?, environment: [String: String]?, why: String)
    /// No fixed shape: the check is reported as unguarded.
    case none(why: String)

    /// `continuations.resumedOnce`, `env LIBDISPATCH_COOPERATIVE_POOL_STRICT=0`: the control's name in a report.
    public var description: String {
        switch self {
        case .counterpart(let scenario, let environment, _):
            let settings = environment.map { values in "env " + values.keys.sorted().map { "\($0)=\(values[$0]!)" }.joined(separator: " ") }
            return [scenario, settings].compactMap { $0 }.joined(separator: ", ")
        case .none: return "none"
        }
    }

    /// Why the control is what it is.
    public var why: String {
        switch self {
        case .counterpart(_, _, let why), .none(let why): why
        }
    }
}

/// A toolchain a check needs: `6.4` (that version or later) or `...5.10` (that version or earlier).
public struct ToolchainRequirement: Sendable, Hashable, CustomStringConvertible {
    /// The version named.
    public var version: ToolchainVersion
    /// Whether the version is a ceiling (`...5.10`) rather than a floor.
    public var orEarlier: Bool

    /// Whether `current` meets the requirement.
    public func allows(_ current: ToolchainVersion) -> Bool {
        orEarlier ? current <= version : current >= version
    }

    public var description: String {
        orEarlier ? "Swift \(version) or earlier" : "Swift \(version)"
    }
}

/// A Swift version, major and minor: `6.3`.
public struct ToolchainVersion: Sendable, Hashable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int

    public init(_ major: Int, _ minor: Int) {
        self.major = major
        self.minor = minor
    }

    /// The compiler this package was built with.
    public static var current: ToolchainVersion {
        #if compiler(>=7.0)
        ToolchainVersion(7, 0)
        #elseif compiler(>=6.5)
        ToolchainVersion(6, 5)
        #elseif compiler(>=6.4)
        ToolchainVersion(6, 4)
        #elseif compiler(>=6.3)
        ToolchainVersion(6, 3)
        #else
        ToolchainVersion(6, 2)
        #endif
    }

    public static func < (left: ToolchainVersion, right: ToolchainVersion) -> Bool {
        (left.major, left.minor) < (right.major, right.minor)
    }

    public var description: String { "\(major).\(minor)" }
}

extension CompileCheck {
    /// What the compiler must do here: Linux's expectation on Linux, where the check has one, else the lesson's.
    public func expectation(onLinux: Bool = quizRunsOnLinux) -> Expectation {
        (onLinux ? linux?.value : nil) ?? expect
    }
}

extension CrashCheck {
    /// How the child must end here: Linux's expectation on Linux, where the check has one, else the lesson's.
    public func expectation(onLinux: Bool = quizRunsOnLinux) -> Expectation {
        (onLinux ? linux?.value : nil) ?? expect
    }
}
