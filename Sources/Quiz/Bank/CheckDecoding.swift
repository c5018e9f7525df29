import Foundation
import ConcurrencyHarness

// How each kind of check reads itself (`QuizCheck.init(from:)` picks the kind), and the expectations of values.

extension RuntimeCheck: Decodable {
    enum CodingKeys: String, CheckKeys {
        case runtime, arguments, schedules, seeds, failsWith, expect, expectSome, linux, note, control, why, adapted, audit
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self), scenario: String = try fields.decode(.runtime)
        try decoder.knows(scenario, at: "runtime")
        let shape = try decoder.bank.catalog.shape(of: scenario), observes = shape?.observes
        (self.scenario, arguments) = (scenario, try fields[.arguments] ?? [:])
        try Self.check(arguments, of: scenario, shape, decoder, at: "arguments")
        schedules = try fields[.schedules] ?? [.strict, .seeded]
        try decoder.require(!schedules.isEmpty, "is empty", at: "schedules")
        seeds = try fields.whole(.seeds, decoder) ?? 20
        try decoder.require(seeds > 0, "must be above zero, not \(seeds)", at: "seeds")
        let failures: [HarnessFailure.Kind] = [.deadlock, .blockedThread, .leftovers, .timedOut]
        failsWith = try fields[.failsWith].map { (text: String) in
            guard let kind = failures.first(where: { $0.rawValue == text }) else {
                throw decoder.refuse("\"\(text)\" is not a harness failure the bank can expect ("
                    + failures.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ")", at: ["failsWith"])
            }
            return kind
        }
        (expect, expectSome) = try (fields[.expect] ?? [:], fields[.expectSome] ?? [:])
        try decoder.require(fields.contains(.expect) || failsWith != nil, "is missing: what must the scenario observe?", at: "expect")
        try decoder.require(!fields.contains(.expect) || failsWith == nil,
                            "a check that expects the run to fail (failsWith) observes no values", at: "expect")
        if fields.contains(.expect) { try Self.check(expect, of: scenario, observes, decoder, at: "expect") }
        if fields.contains(.expectSome) {
            try Self.check(expectSome, of: scenario, observes, decoder, at: "expectSome")
            try decoder.require(schedules.contains(.seeded), "is about seeds, but the check runs no seeded schedule", at: "expectSome")
            try decoder.require(failsWith == nil, "cannot be combined with failsWith", at: "expectSome")
        }
        linux = try fields.decodeIfPresent(LinuxValues.self, forKey: .linux, only: LinuxValues.CodingKeys.self).map { block in
            try Self.check(block.expect, of: scenario, observes, decoder, at: "linux", "expect", allowsNotChecked: true)
            return LinuxOverride(value: block.expect, note: block.note)
        }
        let (given, why) = try fields.control(ArgumentsControl.self, decoder, form: "{\"arguments\": {…}, \"why\": \"…\"}")
        if let given { try Self.check(given.arguments, of: scenario, shape, decoder, at: "control", "arguments") }
        control = given.map { .arguments($0.arguments, why: $0.why) } ?? .none(why: why)
        (note, adapted, audit) = try fields.notes(decoder)
    }

    /// Refuses an argument `scenario` does not take (`shape`: what it takes; nil: not known here), one of another
    /// kind, and a shape it has no case of.
    static func check(_ arguments: [String: ScenarioArgument], of scenario: String,
                      _ shape: (observes: [String], parameters: [String: ScenarioArgument], choices: [String: [String]])?,
                      _ decoder: any Decoder, at keys: String...) throws {
        guard let (_, parameters, choices) = shape else { return }
        for name in arguments.keys.sorted() {
            let takes = parameters.keys.sorted().joined(separator: ", ")
            guard let parameter = parameters[name] else {
                throw decoder.refuse("scenario \(scenario) takes no argument \"\(name)\" (it takes: \(takes.isEmpty ? "none" : takes))",
                                     at: keys + [name])
            }
            switch (parameter, arguments[name]!) {
            case (.string, .string(let text)) where !(choices[name] ?? [text]).contains(text):
                throw decoder.refuse("expected one of \(choices[name]!.joined(separator: ", ")), found \"\(text)\"", at: keys + [name])
            case (.int, .int), (.string, .string): break
            case (_, let argument): throw decoder.refuse("expected a value like \(parameter), found \(argument)", at: keys + [name])
            }
        }
    }

    /// Refuses an empty expectation, a value `scenario` does not observe (nil: not known here), and a `null` outside
    /// a `linux` block.
    static func check(_ values: [String: ValueExpectation], of scenario: String, _ observes: [String]?, _ decoder: any Decoder,
                      at keys: String..., allowsNotChecked: Bool = false) throws {
        guard !values.isEmpty else { throw decoder.refuse("is empty: expect at least one observed value", at: keys) }
        for name in values.keys.sorted() {
            if let observes, !observes.contains(name) {
                throw decoder.refuse("scenario \(scenario) observes no value \"\(name)\" (it observes: "
                    + observes.joined(separator: ", ") + ")", at: keys + [name])
            }
            if values[name] == .notChecked, !allowsNotChecked {
                throw decoder.refuse("null (not checked) is only for a linux block: expected a value, a range string or an "
                    + "expectation object", at: keys + [name])
            }
        }
    }
}

/// A runtime check's `linux` block: `{"expect": {…}, "note": "…"}`.
struct LinuxValues: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case expect, note }
    var expect: [String: ValueExpectation], note: String
}

/// A runtime check's control: `{"arguments": {…}, "why": "…"}`.
struct ArgumentsControl: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case arguments, why }
    var arguments: [String: ScenarioArgument], why: String

    init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (arguments, why) = try (fields.decode(.arguments), fields.decode(.why))
        try decoder.require(!arguments.isEmpty, "is empty: a control changes at least one argument", at: "arguments")
    }
}

extension ScenarioArgument: Decodable {
    public init(from decoder: any Decoder) throws {
        switch try decoder.bank.root[decoder.codingPath] {
        case .int(let number): self = .int(number)
        case .string(let text): self = .string(text)
        case let other: throw decoder.refuse("expected a whole number or a string, found \(other.kindName)")
        }
    }
}

extension ValueExpectation: Decodable {
    /// Reads an expectation as the bank writes it; `null` is `notChecked`, which only a `linux` block may hold.
    public init(from decoder: any Decoder) throws {
        let json = try decoder.bank.root[decoder.codingPath]
        switch json {
        case .null: self = .notChecked
        case .string(let text): self = Self.range(text) ?? .equals(.string(text))
        case .object(let fields):
            guard fields.count == 1, let (kind, value) = fields.first else {
                throw decoder.refuse("an expectation object has exactly one of equals, set, order, contains, range, matches")
            }
            switch (kind, ObservedValue(value), value) {
            case ("equals", let expected?, _): self = .equals(expected)
            case ("contains", let expected?, _): self = .contains(expected)
            case ("set", .list(let items)?, _): self = .set(items)
            case ("order", .list(let items)?, _): self = .order(items)
            case ("range", _, .string(let text)) where Self.range(text) != nil: self = Self.range(text)!
            case ("matches", _, .string(let pattern)) where (try? NSRegularExpression(pattern: pattern)) != nil: self = .matches(pattern)
            case ("equals", _, _), ("contains", _, _): throw decoder.refuse("expected a value, found \(value.kindName)", at: [kind])
            case ("set", _, _), ("order", _, _): throw decoder.refuse("expected an array, found \(value.kindName)", at: [kind])
            case ("range", _, _):
                let found = if case .string(let text) = value { "\"\(text)\"" } else { value.kindName }
                throw decoder.refuse("expected a range such as \"1...5\", \"0..<700\" or \"1...\", found \(found)", at: [kind])
            case ("matches", _, .string(let pattern)): throw decoder.refuse("is not a valid regular expression: \(pattern)", at: [kind])
            case ("matches", _, _): throw decoder.refuse("expected a regular expression", at: [kind])
            default: throw decoder.refuse("is not an expectation (use equals, set, order, contains, range or matches)", at: [kind])
            }
        default:
            guard let expected = ObservedValue(json) else {
                throw decoder.refuse("expected a value, a range string or an expectation object, found \(json.kindName)")
            }
            self = .equals(expected)
        }
    }

    /// Reads an expectation from its JSON text, as the bank writes it (`"1...5"`, `1000`, `{"set": […]}`).
    public init(parsing json: String) throws {
        let decoder = JSONDecoder()
        decoder.userInfo[BankReader.key] = BankReader(root: try JSONValue(reading: Data(json.utf8)), catalog: Catalog(), snippets: nil)
        self = try decoder.decode(ValueExpectation.self, from: Data(json.utf8))
    }

    /// `1...5`, `0..<700`, `1...`, `...0.5`: a range of numbers, or nil if `text` is not one.
    static func range(_ text: String) -> ValueExpectation? {
        let number = #"-?[0-9]+(?:\.[0-9]+)?"#, pattern = try? NSRegularExpression(pattern: "^(\(number))?(\\.\\.\\.|\\.\\.<)(\(number))?$")
        guard let match = pattern?.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) else { return nil }
        let group = { (index: Int) in Range(match.range(at: index), in: text).map { String(text[$0]) } }
        let lower = group(1).flatMap(Double.init), upper = group(3).flatMap(Double.init), halfOpen = group(2) == "..<"
        guard lower != nil || upper != nil, !(halfOpen && upper == nil) else { return nil }
        return .range(lower: lower, upper: upper, includesUpper: !halfOpen)
    }
}

extension CompileCheck: Decodable {
    enum CodingKeys: String, CheckKeys {
        case compile, source, swiftVersion, mode, flags, topLevel, expect, diagnostic, pattern, count, at, linux, note, control,
             why, adapted, audit
    }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (snippet, source) = try (fields.decode(.compile), fields[.source])
        try decoder.require(snippet != "inline" || source != nil, "is missing: an inline snippet needs its source", at: "source")
        try decoder.require(snippet == "inline" || source == nil, "is only for \"compile\": \"inline\"", at: "source")
        if snippet != "inline" { _ = try fields.snippet(.compile, decoder, inline: true) }
        swiftVersion = try fields.swiftVersion(.swiftVersion, decoder) ?? 6
        (mode, flags, topLevel) = try (fields[.mode] ?? .typecheck, fields[.flags] ?? [], fields[.topLevel] ?? false)
        let expect = try CompileFields(from: decoder).expectation(over: nil, decoder)
        self.expect = expect
        linux = try fields.decodeIfPresent(CompileFields.self, forKey: .linux, only: CompileFields.CodingKeys.self).map { block in
            try decoder.require(block.note != nil, "is missing", at: "linux", "note")
            return LinuxOverride(value: try block.expectation(over: expect, decoder, at: "linux"), note: block.note!)
        }
        control = try fields.compileControl(decoder, text: try source ?? decoder.bank.text(of: snippet))
        (note, adapted, audit) = try fields.notes(decoder)
    }
}

/// What a compile check expects of the compiler — on the check, or in its `linux` block over the check's.
struct CompileFields: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case expect, diagnostic, pattern, count, at, note }
    var outcome: CompileCheck.Outcome?, diagnostic: String?, pattern: String?, count: Int?, at: String?, note: String?

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        (outcome, diagnostic, pattern) = try (fields[.expect], fields[.diagnostic], fields.pattern(.pattern, decoder))
        (count, at, note) = try (fields.whole(.count, decoder), fields[.at], fields[.note])
    }

    /// The expectation these fields make over `base` (the check's, for a `linux` block at `keys`).
    func expectation(over base: CompileCheck.Expectation?, _ decoder: any Decoder, at keys: String...) throws -> CompileCheck.Expectation {
        guard let outcome = outcome ?? base?.outcome else {
            throw decoder.refuse("is missing (\(CompileCheck.Outcome.choices))", at: keys + ["expect"])
        }
        // Words or a pattern given here replace both of the base's.
        let words = diagnostic != nil || pattern != nil ? (diagnostic, pattern) : (base?.diagnostic, base?.pattern)
        if [.error, .warning].contains(outcome), words == (nil, nil) {
            throw decoder.refuse("is missing: an \(outcome.rawValue) needs its words (diagnostic) or a pattern", at: keys + ["diagnostic"])
        }
        if outcome == .output, words.1 == nil { throw decoder.refuse("is missing: output needs a pattern", at: keys + ["pattern"]) }
        return .init(outcome: outcome, diagnostic: words.0, pattern: words.1, count: count ?? base?.count, at: at ?? base?.at)
    }
}

extension CompileCounterpart: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case compile, replace, swiftVersion, flags, why }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self), pairs: [[String]] = try fields[.replace] ?? []
        snippet = try fields.snippet(.compile, decoder)
        if let bad = pairs.firstIndex(where: { $0.count != 2 || $0[0].isEmpty }) {
            throw decoder.refuse("expected [\"from\", \"to\"], two strings", at: ["replace[\(bad)]"])
        }
        replacements = pairs.map { Replacement(from: $0[0], to: $0[1]) }
        (swiftVersion, flags) = try (fields.swiftVersion(.swiftVersion, decoder), fields[.flags])
        try decoder.require(snippet != nil || !replacements.isEmpty || swiftVersion != nil || flags != nil,
                            "changes nothing: give compile, replace, swiftVersion or flags")
        why = try fields.decode(.why)
    }
}

extension RunCheck: Decodable {
    enum CodingKeys: String, CheckKeys { case run, builds, note, control, why, adapted, audit }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (snippet, builds) = try (fields.snippet(.run, decoder) ?? "", fields.decode(.builds))
        try decoder.require(!builds.isEmpty, "is empty: a non-empty array of {\"flags\": [\"-O\"], \"stdout\": \"…\"}", at: "builds")
        control = try fields.compileControl(decoder, text: try decoder.bank.text(of: snippet))
        if case .counterpart(let counterpart) = control, counterpart.swiftVersion != nil || counterpart.flags != nil {
            throw decoder.refuse("a run check's control changes the snippet only (compile or replace)", at: ["control"])
        }
        (note, adapted, audit) = try fields.notes(decoder)
    }
}

extension RunCheck.Build: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case flags, stdout }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (flags, stdout) = try (fields[.flags] ?? [], fields.decode(.stdout))
    }
}

extension CrashCheck: Decodable {
    enum CodingKeys: String, CheckKeys { case crash, env, exit, signal, stderr, stdout, linux, note, control, why, adapted, audit }

    public init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (scenario, environment) = try (fields.decode(.crash), fields[.env] ?? [:])
        try decoder.knows(scenario, crash: true, at: "crash")
        let expect = try CrashFields(from: decoder).expectation(over: nil, decoder)
        self.expect = expect
        linux = try fields.decodeIfPresent(CrashFields.self, forKey: .linux, only: CrashFields.CodingKeys.self).map { block in
            try decoder.require(block.note != nil, "is missing", at: "linux", "note")
            return LinuxOverride(value: try block.expectation(over: expect, decoder, at: "linux"), note: block.note!)
        }
        let (given, why) = try fields.control(CrashControlFields.self, decoder,
                                              form: "{\"crash\": \"a fixed-shape crash scenario\"} and/or {\"env\": {…}}, with a \"why\"")
        control = given.map { .counterpart(scenario: $0.crash, environment: $0.env, why: $0.why) } ?? .none(why: why)
        (note, adapted, audit) = try fields.notes(decoder)
    }
}

/// How a crash check's child must end — on the check, or in its `linux` block over the check's.
struct CrashFields: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case exit, signal, stderr, stdout, note }
    var exit: CrashCheck.Exit?, signal: Int?, stderr: String?, stdout: String?, note: String?

    init(from decoder: any Decoder) throws {
        let fields = try decoder.container(keyedBy: CodingKeys.self)
        (exit, signal, note) = try (fields[.exit], fields.whole(.signal, decoder), fields[.note])
        (stderr, stdout) = try (fields.pattern(.stderr, decoder), fields.pattern(.stdout, decoder))
    }

    /// The expectation these fields make over `base` (the check's, for a `linux` block at `keys`).
    func expectation(over base: CrashCheck.Expectation?, _ decoder: any Decoder, at keys: String...) throws -> CrashCheck.Expectation {
        guard let exit = exit ?? base?.exit else { throw decoder.refuse("is missing (\(CrashCheck.Exit.choices))", at: keys + ["exit"]) }
        if signal != nil, exit != .signal { throw decoder.refuse("is only for \"exit\": \"signal\"", at: keys + ["signal"]) }
        return .init(exit: exit, signal: signal ?? base?.signal, stderr: stderr ?? base?.stderr, stdout: stdout ?? base?.stdout)
    }
}

/// A crash check's control: `{"crash": "…", "env": {…}, "why": "…"}`.
struct CrashControlFields: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case crash, env, why }
    var crash: String?, env: [String: String]?, why: String

    init(from decoder: any Decoder) throws {
        let fields = try decoder.fields(CodingKeys.self)
        (crash, env) = try (fields[.crash], fields[.env])
        if let crash { try decoder.knows(crash, crash: true, at: "crash") }
        try decoder.require(crash != nil || env != nil, "changes nothing: give crash or env")
        why = try fields.decode(.why)
    }
}

extension ObservedValue {
    /// The bank's JSON for an expected value, read as an observed value; nil for objects and null.
    init?(_ json: JSONValue) {
        switch json {
        case .int(let value): self = .int(value)
        case .double(let value): self = .double(value)
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        case .array(let items):
            let values = items.compactMap(ObservedValue.init)
            guard values.count == items.count else { return nil }
            self = .list(values)
        case .null, .object: return nil
        }
    }
}
