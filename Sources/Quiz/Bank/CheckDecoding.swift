import Foundation
import Harness

// How each kind of check reads itself from the bank (`QuizCheck.init(from:)` picks the kind): its fields in the
// order the bank's README lists them, each refused with the check's place when it does not fit.

extension RuntimeCheck: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        let scenario = try fields.decode(String.self, forKey: "runtime")
        self.scenario = scenario
        let catalog = bank.context.catalog, shape = catalog.shape(of: scenario)
        if bank.resolvesNames, shape == nil {
            throw bank.error("unknown scenario \"\(scenario)\": the catalog has no scenario of that name, runnable or pending ("
                + QuizBankLoader.nearest(scenario, in: Array(catalog.scenarios.keys) + catalog.pending.keys) + ")", at: "runtime")
        }
        arguments = try fields.decodeIfPresent([String: ScenarioArgument].self, forKey: "arguments") ?? [:]
        try Self.check(arguments, of: scenario, shape.map { ($0.parameters, $0.choices) }, bank, at: ["arguments"])
        schedules = try fields.decodeIfPresent([QuizSchedule].self, forKey: "schedules") ?? [.strict, .seeded]
        guard !schedules.isEmpty else { throw bank.error("is empty", at: "schedules") }
        seeds = try fields.decodeIfPresent(Int.self, forKey: "seeds") ?? 20
        guard seeds > 0 else { throw bank.error("must be above zero, not \(seeds)", at: "seeds") }
        failsWith = nil
        if let text = try fields.decodeIfPresent(String.self, forKey: "failsWith") {
            let kinds: [HarnessFailure.Kind] = [.deadlock, .blockedThread, .leftovers, .timedOut]
            failsWith = kinds.first { $0.rawValue == text }
            guard failsWith != nil else {
                throw bank.error("\"\(text)\" is not a harness failure the bank can expect ("
                    + kinds.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ")", at: "failsWith")
            }
        }
        let observes = shape?.observes
        expect = try fields.expectations("expect", of: scenario, observes, bank) ?? [:]
        if fields.contains("expect"), failsWith != nil {
            throw bank.error("a check that expects the run to fail (failsWith) observes no values", at: "expect")
        } else if !fields.contains("expect"), failsWith == nil {
            throw bank.error("is missing: what must the scenario observe?", at: "expect")
        }
        expectSome = try fields.expectations("expectSome", of: scenario, observes, bank) ?? [:]
        if fields.contains("expectSome") {
            guard schedules.contains(.seeded) else { throw bank.error("is about seeds, but the check runs no seeded schedule", at: "expectSome") }
            guard failsWith == nil else { throw bank.error("cannot be combined with failsWith", at: "expectSome") }
        }
        linux = try fields.decodeIfPresent(LinuxValues.self, forKey: "linux").map { block in
            guard let values = block.expect else { throw bank.error("is missing: what does Linux observe instead?", at: "linux", "expect") }
            try Self.check(values, of: scenario, observes, bank, at: ["linux", "expect"], allowsNotChecked: true)
            return LinuxOverride(value: values, note: block.note)
        }
        note = try fields.decodeIfPresent(String.self, forKey: "note")
        let (given, why) = try fields.control(ArgumentsControl.self, bank, form: "{\"arguments\": {…}, \"why\": \"…\"}")
        if let given { try Self.check(given.arguments, of: scenario, shape.map { ($0.parameters, $0.choices) }, bank, at: ["control", "arguments"]) }
        control = given.map { .arguments($0.arguments, why: $0.why) } ?? .none(why: why)
        adapted = try fields.decodeIfPresent(String.self, forKey: "adapted")
        audit = try fields.audit(bank)
    }

    /// Refuses an argument `scenario` does not take (its `parameters`; nil: not known here), one of another kind, and
    /// a shape it has no case of.
    static func check(_ arguments: [String: ScenarioArgument], of scenario: String,
                      _ takes: (parameters: [String: ScenarioArgument], choices: [String: [String]])?, _ bank: BankDecoder,
                      at keys: [String]) throws {
        guard let (parameters, choices) = takes else { return }
        for name in arguments.keys.sorted() {
            guard let parameter = parameters[name] else {
                let takes: String = parameters.keys.sorted().joined(separator: ", ").nonEmpty ?? "none"
                throw bank.error("scenario \(scenario) takes no argument \"\(name)\" (it takes: \(takes))", at: keys + [name])
            }
            switch (parameter, arguments[name]!) {
            case (.string, .string(let text)) where !(choices[name] ?? [text]).contains(text):
                throw bank.error("expected one of \(choices[name]!.joined(separator: ", ")), found \"\(text)\"", at: keys + [name])
            case (.int, .int), (.string, .string): break
            case (_, let argument): throw bank.error("expected a value like \(parameter), found \(argument)", at: keys + [name])
            }
        }
    }

    /// Refuses an empty expectation, a value `scenario` does not observe (nil: not known here), and a `null` outside
    /// a `linux` block.
    static func check(_ values: [String: ValueExpectation], of scenario: String, _ observes: [String]?, _ bank: BankDecoder,
                      at keys: [String], allowsNotChecked: Bool = false) throws {
        guard !values.isEmpty else { throw bank.error("is empty: expect at least one observed value", at: keys) }
        for name in values.keys.sorted() {
            if let observes, !observes.contains(name) {
                throw bank.error("scenario \(scenario) observes no value \"\(name)\" (it observes: \(observes.joined(separator: ", ")))",
                                 at: keys + [name])
            }
            if values[name] == .notChecked, !allowsNotChecked {
                throw bank.error("null (not checked) is only for a linux block: expected a value, a range string or an "
                    + "expectation object", at: keys + [name])
            }
        }
    }
}

/// A runtime check's `linux` block: `{"expect": {…}, "note": "…"}`.
struct LinuxValues: Decodable {
    var expect: [String: ValueExpectation]?
    var note: String
}

/// A runtime check's control: `{"arguments": {…}, "why": "…"}`.
struct ArgumentsControl: Decodable {
    var arguments: [String: ScenarioArgument]
    var why: String

    init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        guard let given = try fields.decodeIfPresent([String: ScenarioArgument].self, forKey: "arguments") else {
            throw bank.error("is missing: the arguments that make the scenario the wrong shape", at: "arguments")
        }
        guard !given.isEmpty else { throw bank.error("is empty: a control changes at least one argument", at: "arguments") }
        arguments = given
        why = try fields.decode(String.self, forKey: "why")
    }
}

extension ScenarioArgument: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank()
        switch bank.value {
        case .int(let number): self = .int(number)
        case .string(let text): self = .string(text)
        default: throw bank.error("expected a whole number or a string, found \(bank.value.kindName)")
        }
    }
}

extension KeyedDecodingContainer<BankKey> {
    /// The expectations at `key`, checked against what `scenario` observes.
    func expectations(_ key: BankKey, of scenario: String, _ observes: [String]?, _ bank: BankDecoder)
        throws -> [String: ValueExpectation]?
    {
        guard let values = try decodeIfPresent([String: ValueExpectation].self, forKey: key) else { return nil }
        try RuntimeCheck.check(values, of: scenario, observes, bank, at: [key.stringValue])
        return values
    }

    /// A compile or run check's control, its replaced texts found in the snippet's `text`.
    func compileControl(_ bank: BankDecoder, text: String?) throws -> CompileControl {
        let (given, why) = try control(CompileCounterpart.self, bank, form: "{\"compile\": \"Other.swift\"} or {\"replace\": "
            + "[[\"from\", \"to\"]]} or {\"swiftVersion\": 5} or {\"flags\": […]}, with a \"why\"")
        guard let given else { return .none(why: why) }
        for (index, replacement) in given.replacements.enumerated() where given.snippet == nil {
            if let text, !text.contains(replacement.from) {
                throw bank.error("\"\(replacement.from)\" is not in the snippet: the control would change nothing",
                                 at: "control", "replace[\(index)]")
            }
        }
        return .counterpart(given)
    }
}

extension CompileCheck: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        let snippet = try fields.decode(String.self, forKey: "compile"), source = try fields.decodeIfPresent(String.self, forKey: "source")
        self.snippet = snippet
        self.source = source
        if snippet == "inline" {
            guard source != nil else { throw bank.error("is missing: an inline snippet needs its source", at: "source") }
        } else {
            guard source == nil else { throw bank.error("is only for \"compile\": \"inline\"", at: "source") }
            guard snippet.hasSuffix(".swift"), !snippet.contains("/") else {
                throw bank.error("\"\(snippet)\" is not a file name in Quiz/snippets ending in .swift, nor \"inline\"", at: "compile")
            }
            _ = try fields.snippet("compile", bank)
        }
        swiftVersion = try fields.decodeIfPresent(Int.self, forKey: "swiftVersion") ?? 6
        guard [5, 6].contains(swiftVersion) else { throw bank.error("must be 5 or 6, not \(swiftVersion)", at: "swiftVersion") }
        mode = try fields.decodeIfPresent(Mode.self, forKey: "mode") ?? .typecheck
        flags = try fields.decodeIfPresent([String].self, forKey: "flags") ?? []
        topLevel = try fields.decodeIfPresent(Bool.self, forKey: "topLevel") ?? false
        let expect = try CompileFields(from: decoder).expectation(over: nil, bank, at: [])
        self.expect = expect
        linux = try fields.decodeIfPresent(CompileFields.self, forKey: "linux").map { block in
            LinuxOverride(value: try block.expectation(over: expect, bank, at: ["linux"]), note: try block.note(bank))
        }
        note = try fields.decodeIfPresent(String.self, forKey: "note")
        adapted = try fields.decodeIfPresent(String.self, forKey: "adapted")
        let text = source ?? bank.context.snippets.flatMap { try? String(contentsOfFile: $0 + "/" + snippet, encoding: .utf8) }
        control = try fields.compileControl(bank, text: text)
        audit = try fields.audit(bank)
    }
}

/// What a compile check expects of the compiler — on the check, or in its `linux` block over the check's.
struct CompileFields: Decodable {
    var outcome: CompileCheck.Outcome?, diagnostic: String?, pattern: String?, count: Int?, at: String?, note: String?

    init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        outcome = try fields.decodeIfPresent(CompileCheck.Outcome.self, forKey: "expect")
        diagnostic = try fields.decodeIfPresent(String.self, forKey: "diagnostic")
        pattern = try fields.decodeIfPresent(String.self, forKey: "pattern")
        if let pattern, (try? NSRegularExpression(pattern: pattern)) == nil {
            throw bank.error("is not a valid regular expression: \(pattern)", at: "pattern")
        }
        count = try fields.decodeIfPresent(Int.self, forKey: "count")
        at = try fields.decodeIfPresent(String.self, forKey: "at")
        note = try fields.decodeIfPresent(String.self, forKey: "note")
    }

    /// A `linux` block's note, which it needs.
    func note(_ bank: BankDecoder) throws -> String {
        guard let note else { throw bank.error("is missing (a string is required)", at: "linux", "note") }
        return note
    }

    /// The expectation these fields make over `base` (the check's, for a `linux` block at `keys`).
    func expectation(over base: CompileCheck.Expectation?, _ bank: BankDecoder, at keys: [String])
        throws -> CompileCheck.Expectation
    {
        guard let outcome = outcome ?? base?.outcome else {
            throw bank.error("is missing (\(CompileCheck.Outcome.choices))", at: keys + ["expect"])
        }
        var expectation = CompileCheck.Expectation(outcome: outcome, diagnostic: diagnostic ?? base?.diagnostic,
                                                   pattern: pattern ?? base?.pattern, count: count ?? base?.count, at: at ?? base?.at)
        if diagnostic != nil { expectation.pattern = pattern }
        if pattern != nil { expectation.diagnostic = diagnostic }
        switch outcome {
        case .error where expectation.diagnostic == nil && expectation.pattern == nil,
             .warning where expectation.diagnostic == nil && expectation.pattern == nil:
            throw bank.error("is missing: an \(outcome.rawValue) needs its words (diagnostic) or a pattern", at: keys + ["diagnostic"])
        case .output where expectation.pattern == nil:
            throw bank.error("is missing: output needs a pattern", at: keys + ["pattern"])
        default: return expectation
        }
    }
}

extension CompileCounterpart: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        snippet = try fields.snippet("compile", bank)
        replacements = try (fields.decodeIfPresent([[String]].self, forKey: "replace") ?? []).enumerated().map { index, pair in
            guard pair.count == 2, !pair[0].isEmpty else { throw bank.error("expected [\"from\", \"to\"], two strings", at: "replace[\(index)]") }
            return Replacement(from: pair[0], to: pair[1])
        }
        swiftVersion = try fields.decodeIfPresent(Int.self, forKey: "swiftVersion")
        if let swiftVersion, ![5, 6].contains(swiftVersion) {
            throw bank.error("must be 5 or 6, not \(swiftVersion)", at: "swiftVersion")
        }
        flags = try fields.decodeIfPresent([String].self, forKey: "flags")
        guard snippet != nil || !replacements.isEmpty || swiftVersion != nil || flags != nil else {
            throw bank.error("changes nothing: give compile, replace, swiftVersion or flags")
        }
        why = try fields.decode(String.self, forKey: "why")
    }
}

extension RunCheck: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        let snippet = try fields.snippet("run", bank) ?? ""
        self.snippet = snippet
        let text = bank.context.snippets.flatMap { try? String(contentsOfFile: $0 + "/" + snippet, encoding: .utf8) }
        guard fields.contains("builds") else {
            throw bank.error("is missing: a non-empty array of {\"flags\": [\"-O\"], \"stdout\": \"…\"}", at: "builds")
        }
        builds = try fields.decode([Build].self, forKey: "builds")
        guard !builds.isEmpty else { throw bank.error("is empty: a non-empty array of {\"flags\": [\"-O\"], \"stdout\": \"…\"}", at: "builds") }
        control = try fields.compileControl(bank, text: text)
        if case .counterpart(let counterpart) = control, counterpart.swiftVersion != nil || counterpart.flags != nil {
            throw bank.error("a run check's control changes the snippet only (compile or replace)", at: "control")
        }
        note = try fields.decodeIfPresent(String.self, forKey: "note")
        adapted = try fields.decodeIfPresent(String.self, forKey: "adapted")
        audit = try fields.audit(bank)
    }
}

extension RunCheck.Build: Decodable {
    public init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: BankKey.self)
        flags = try fields.decodeIfPresent([String].self, forKey: "flags") ?? []
        stdout = try fields.decode(String.self, forKey: "stdout")
    }
}

extension CrashCheck: Decodable {
    public init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        scenario = try fields.decode(String.self, forKey: "crash")
        let catalog = bank.context.catalog
        if bank.resolvesNames, !catalog.knowsCrash(scenario) {
            throw bank.error("unknown crash scenario \"\(scenario)\" ("
                + QuizBankLoader.nearest(scenario, in: Array(catalog.crashes.keys) + catalog.pendingCrashes.keys) + ")", at: "crash")
        }
        environment = try fields.decodeIfPresent([String: String].self, forKey: "env") ?? [:]
        let expect = try CrashFields(from: decoder).expectation(over: nil, bank, at: [])
        self.expect = expect
        linux = try fields.decodeIfPresent(CrashFields.self, forKey: "linux").map { block in
            guard let note = block.note else { throw bank.error("is missing (a string is required)", at: "linux", "note") }
            return LinuxOverride(value: try block.expectation(over: expect, bank, at: ["linux"]), note: note)
        }
        note = try fields.decodeIfPresent(String.self, forKey: "note")
        adapted = try fields.decodeIfPresent(String.self, forKey: "adapted")
        let (given, why) = try fields.control(CrashControlFields.self, bank,
                                              form: "{\"crash\": \"a fixed-shape crash scenario\"} and/or {\"env\": {…}}, with a \"why\"")
        control = given.map { .counterpart(scenario: $0.crash, environment: $0.env, why: $0.why) } ?? .none(why: why)
        audit = try fields.audit(bank)
    }
}

/// How a crash check's child must end — on the check, or in its `linux` block over the check's.
struct CrashFields: Decodable {
    var exit: CrashCheck.Exit?, signal: Int?, stderr: String?, stdout: String?, note: String?

    init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        exit = try fields.decodeIfPresent(CrashCheck.Exit.self, forKey: "exit")
        signal = try fields.decodeIfPresent(Int.self, forKey: "signal")
        for key: BankKey in ["stderr", "stdout"] {
            guard let pattern = try fields.decodeIfPresent(String.self, forKey: key) else { continue }
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw bank.error("is not a valid regular expression: \(pattern)", at: key.stringValue)
            }
            if key.stringValue == "stderr" { stderr = pattern } else { stdout = pattern }
        }
        note = try fields.decodeIfPresent(String.self, forKey: "note")
    }

    /// The expectation these fields make over `base` (the check's, for a `linux` block at `keys`).
    func expectation(over base: CrashCheck.Expectation?, _ bank: BankDecoder, at keys: [String]) throws -> CrashCheck.Expectation {
        guard let exit = exit ?? base?.exit else { throw bank.error("is missing (\(CrashCheck.Exit.choices))", at: keys + ["exit"]) }
        if signal != nil, exit != .signal { throw bank.error("is only for \"exit\": \"signal\"", at: keys + ["signal"]) }
        return CrashCheck.Expectation(exit: exit, signal: signal ?? base?.signal, stderr: stderr ?? base?.stderr,
                                      stdout: stdout ?? base?.stdout)
    }
}

/// A crash check's control: `{"crash": "…", "env": {…}, "why": "…"}`.
struct CrashControlFields: Decodable {
    var crash: String?, env: [String: String]?, why: String

    init(from decoder: any Decoder) throws {
        let bank = try decoder.bank(), fields = try decoder.container(keyedBy: BankKey.self)
        crash = try fields.decodeIfPresent(String.self, forKey: "crash")
        if let crash, bank.resolvesNames, !bank.context.catalog.knowsCrash(crash) {
            throw bank.error("unknown crash scenario \"\(crash)\" (\(QuizBankLoader.nearest(crash, in: bank.context.catalog.crashes.keys)))",
                             at: "crash")
        }
        env = try fields.decodeIfPresent([String: String].self, forKey: "env")
        guard crash != nil || env != nil else { throw bank.error("changes nothing: give crash or env") }
        why = try fields.decode(String.self, forKey: "why")
    }
}

extension QuizEntry.Kind: BankWord {}
extension QuizSchedule: BankWord {}
extension CompileCheck.Mode: BankWord {}
extension CompileCheck.Outcome: BankWord {}
extension CrashCheck.Exit: BankWord {}
