import Foundation
import Harness

/// Reads the bank's JSON files and checks every field, against the catalog of scenarios and the snippet folder.
///
/// Nothing is ignored: an unknown field, an unknown scenario, an argument the scenario does not take, an
/// expectation on a value it never reports, a missing snippet — each is a `QuizBankError` naming the file, the
/// entry and the field.
public enum QuizBankLoader {
    /// Reads every `*.json` file of `directory` (in name order), with snippets in `directory/snippets`.
    public static func load(directory: String, catalog: Catalog) throws(QuizBankError) -> QuizBank {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isFolder) else {
            throw QuizBankError(file: directory, "not found: there is no bank folder at this path")
        }
        guard isFolder.boolValue else { throw QuizBankError(file: directory, "is a file, not a bank folder") }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".json") }.sorted()
        } catch {
            throw QuizBankError(file: directory, "cannot list the bank's folder: \(error.localizedDescription)")
        }
        guard !names.isEmpty else { throw QuizBankError(file: directory, "holds no .json bank file") }
        var entries: [QuizEntry] = []
        var seen: [String: (file: String, bank: String)] = [:]
        for name in names {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name) else {
                throw QuizBankError(file: name, "cannot be read")
            }
            let parsed = try parse(file: name, data: data, snippets: directory + "/snippets", catalog: catalog)
            for entry in parsed {
                if let other = seen[entry.id] {
                    throw duplicateID(entry, files: (other.file, name), banks: (other.bank, entry.bank))
                }
                seen[entry.id] = (name, entry.bank)
            }
            entries += parsed
        }
        return QuizBank(directory: directory, entries: entries)
    }

    /// An id found in two files: both are named, and the blame goes to the file whose bank the id's
    /// prefix does not name (`L37-C01` belongs in bank `L37`), else to the later one.
    static func duplicateID(_ entry: QuizEntry, files: (first: String, second: String), banks: (first: String, second: String))
        -> QuizBankError
    {
        let prefix = entry.id.split(separator: "-").first.map(String.init) ?? entry.id
        let blamed = banks.first != prefix && banks.second == prefix ? files.first : files.second
        let other = blamed == files.first ? files.second : files.first
        return QuizBankError(file: blamed, entry: entry.id, field: "id",
                             "is also the id of an entry in \(other): an id names one entry in the whole bank "
                                 + "(found in \(files.first) and \(files.second))")
    }

    /// Parses one bank file's `data`; `file` names it in errors. Snippet files are looked for in `snippets`
    /// (nil: not checked).
    public static func parse(file: String, data: Data, snippets: String?, catalog: Catalog)
        throws(QuizBankError) -> [QuizEntry]
    {
        let root: JSONValue
        do {
            let parsed = try JSONValue.parse(data)
            root = parsed.value
            if let twice = parsed.duplicates.first { throw duplicateKey(twice, root: root, file: file) }
        } catch let error as QuizBankError {
            throw error
        } catch {
            throw QuizBankError(file: file, "is not valid JSON: \(error)")
        }
        var top = try FieldReader(root, at: .init(file: file))
        let bank = try top.string("bank")
        _ = try top.optionalString("title")
        _ = try top.optionalString("seed")
        guard let list = top.value("entries") else { throw top.place.appending("entries").error("is missing") }
        guard case .array(let items) = list else {
            throw top.place.appending("entries").error("expected an array of entries, found \(list.kindName)")
        }
        try top.finish()
        var entries: [QuizEntry] = []
        var ids: Set<String> = []
        for (index, item) in items.enumerated() {
            let entry = try parseEntry(item, bank: bank, at: .init(file: file, entry: "entries[\(index)]"),
                                       snippets: snippets, catalog: catalog)
            guard ids.insert(entry.id).inserted else {
                throw QuizBankError(file: file, entry: entry.id, field: "id", "appears twice in this file")
            }
            entries.append(entry)
        }
        return entries
    }

    /// A key written twice in one object: named with its entry (by id where the entry has one) and its field.
    static func duplicateKey(_ twice: JSONValue.DuplicateKey, root: JSONValue, file: String) -> QuizBankError {
        var steps = twice.path + [.key(twice.key)]
        var entry: String?
        if case .key("entries") = steps.first, steps.count > 1, case .index(let index) = steps[1] {
            entry = "entries[\(index)]"
            if case .object(let top) = root, case .array(let items)? = top["entries"], index < items.count,
               case .object(let fields) = items[index], case .string(let id)? = fields["id"] {
                entry = id
            }
            steps.removeFirst(2)
        }
        var field = ""
        for step in steps {
            switch step {
            case .key(let key): field += field.isEmpty ? key : ".\(key)"
            case .index(let index): field += "[\(index)]"
            }
        }
        return QuizBankError(file: file, entry: entry, field: field,
                             "the key \"\(twice.key)\" is written twice in one object (lines \(twice.firstLine) and "
                                 + "\(twice.secondLine)); JSON keeps only one of the two values, so remove one")
    }

    /// `L37-C04`, `L38-Q01`, `L38-AQ13`, `QA-03`, `AR-12`.
    static let idPattern = try! NSRegularExpression(pattern: #"^(L[0-9]{2}-(C|Q|AQ|S)[0-9]{2}|QA-[0-9]{2}|AR-[0-9]{2})$"#)

    /// One entry.
    static func parseEntry(_ value: JSONValue, bank: String, at place: FieldReader.Place, snippets: String?,
                           catalog: Catalog) throws(QuizBankError) -> QuizEntry {
        var reader = try FieldReader(value, at: place)
        let id = try reader.string("id")
        guard idPattern.firstMatch(in: id, range: NSRange(id.startIndex..., in: id)) != nil else {
            throw place.appending("id").error("\"\(id)\" is not an id like L37-C04, L38-Q01, L38-AQ13, QA-03 or AR-02")
        }
        var named = FieldReader.Place(file: place.file, entry: id)
        named.path = nil
        reader = try FieldReader(value, at: named)
        _ = try reader.string("id")
        let kindText = try reader.string("kind")
        guard let kind = QuizEntry.Kind(rawValue: kindText) else {
            throw named.appending("kind").error("\"\(kindText)\" is not card, question or claim")
        }
        let label = try reader.optionalString("label")
        let question = try reader.string("question")
        let code = try reader.optionalString("code")
        let answer = try reader.string("answer")
        let source = try reader.optionalString("source")
        guard let list = reader.value("checks") else {
            throw named.appending("checks").error("is missing: every entry says what validates it (or why nothing can)")
        }
        guard case .array(let items) = list, !items.isEmpty else {
            throw named.appending("checks").error("expected a non-empty array of checks, found \(list.kindName)")
        }
        try reader.finish()
        var checks: [QuizCheck] = []
        for (index, item) in items.enumerated() {
            checks.append(try parseCheck(item, at: named.appending("checks").index(index), snippets: snippets,
                                         catalog: catalog, resolveNames: true))
        }
        return QuizEntry(id: id, bank: bank, kind: kind, label: label, question: question, code: code, answer: answer,
                         source: source, checks: checks)
    }

    /// One check; `resolveNames` is false inside a toolchain requirement this compiler does not meet (its
    /// scenarios may exist only under that toolchain).
    static func parseCheck(_ value: JSONValue, at place: FieldReader.Place, snippets: String?, catalog: Catalog,
                           resolveNames: Bool) throws(QuizBankError) -> QuizCheck {
        var reader = try FieldReader(value, at: place)
        let kinds = ["runtime", "compile", "run", "crash", "platform", "toolchain"].filter { reader.has($0) }
        guard kinds.count == 1, let kind = kinds.first else {
            throw place.error(kinds.isEmpty
                ? "a check needs one of runtime, compile, run, crash, platform or toolchain"
                : "a check has exactly one of runtime, compile, run, crash, platform or toolchain, not \(kinds.joined(separator: " and "))")
        }
        let check: QuizCheck
        switch kind {
        case "runtime":
            check = .runtime(try parseRuntime(&reader, catalog: catalog, resolveNames: resolveNames))
        case "compile":
            check = .compile(try parseCompile(&reader, snippets: snippets))
        case "run":
            check = .run(try parseRun(&reader, snippets: snippets))
        case "crash":
            check = .crash(try parseCrash(&reader, catalog: catalog, resolveNames: resolveNames))
        case "platform":
            let platform = try reader.string("platform")
            guard platform == "apple-only" else {
                throw place.appending("platform").error("\"\(platform)\" is not a platform this bank knows (apple-only)")
            }
            check = .appleOnly(reason: try reader.string("reason"))
        default:
            let text = try reader.string("toolchain")
            let orEarlier = text.hasPrefix("...")
            guard let version = ToolchainVersion(orEarlier ? String(text.dropFirst(3)) : text) else {
                throw place.appending("toolchain").error("\"\(text)\" is not a version like 6.4 or ...5.10")
            }
            let requirement = ToolchainRequirement(version: version, orEarlier: orEarlier)
            let reason = try reader.string("reason")
            var inner: QuizCheckBox?
            if let nested = reader.value("check") {
                let allowed = requirement.allows(ToolchainVersion.current)
                inner = QuizCheckBox(try parseCheck(nested, at: place.appending("check"), snippets: snippets,
                                                    catalog: catalog, resolveNames: resolveNames && allowed))
            }
            check = .toolchain(requirement, reason: reason, check: inner)
        }
        let audit = try reader.optionalString("audit")
        try reader.finish()
        guard let audit else { return check }
        guard !audit.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
            throw place.appending("audit").error("is empty: say what, in the code under test, could have made the check fail")
        }
        switch check {
        case .runtime(var runtime): runtime.audit = audit; return .runtime(runtime)
        case .compile(var compile): compile.audit = audit; return .compile(compile)
        case .run(var run): run.audit = audit; return .run(run)
        case .crash(var crash): crash.audit = audit; return .crash(crash)
        case .appleOnly, .toolchain:
            throw place.appending("audit").error("is for a check that runs here (runtime, compile, run, crash); a "
                + "platform or toolchain check is audited in its own check")
        }
    }

    /// A runtime check.
    static func parseRuntime(_ reader: inout FieldReader, catalog: Catalog, resolveNames: Bool)
        throws(QuizBankError) -> RuntimeCheck
    {
        let place = reader.place
        let scenario = try reader.string("runtime")
        let shape = catalog.shape(of: scenario)
        if resolveNames, shape == nil {
            throw place.appending("runtime").error("unknown scenario \"\(scenario)\": the catalog has no scenario of that "
                + "name, runnable or pending (\(Self.nearest(scenario, in: Array(catalog.scenarios.keys) + Array(catalog.pending.keys))))")
        }
        var arguments: [String: ScenarioArgument] = [:]
        if let object = try reader.optionalObject("arguments") {
            for (name, value) in object.fields {
                let argument: ScenarioArgument
                switch value {
                case .int(let number): argument = .int(number)
                case .string(let text): argument = .string(text)
                default: throw object.place.appending(name).error("expected a whole number or a string, found \(value.kindName)")
                }
                if let shape {
                    guard let parameter = shape.parameters[name] else {
                        throw object.place.appending(name).error("scenario \(scenario) takes no argument \"\(name)\" "
                            + "(it takes: \(shape.parameters.keys.sorted().joined(separator: ", ").nonEmpty ?? "none"))")
                    }
                    switch (parameter, argument) {
                    case (.int, .int), (.string, .string): break
                    default: throw object.place.appending(name).error("expected a value like \(parameter), found \(argument)")
                    }
                }
                arguments[name] = argument
            }
        }
        var schedules: [QuizSchedule] = [.strict, .seeded]
        if let names = try reader.optionalStrings("schedules") {
            schedules = []
            for (index, name) in names.enumerated() {
                guard let schedule = QuizSchedule(rawValue: name) else {
                    throw place.appending("schedules").index(index).error("\"\(name)\" is not strict, seeded or system")
                }
                schedules.append(schedule)
            }
            guard !schedules.isEmpty else { throw place.appending("schedules").error("is empty") }
        }
        let seeds = try reader.optionalInt("seeds") ?? 20
        guard seeds > 0 else { throw place.appending("seeds").error("must be above zero, not \(seeds)") }
        var failsWith: HarnessFailure.Kind?
        if let text = try reader.optionalString("failsWith") {
            let kinds: [HarnessFailure.Kind] = [.deadlock, .blockedThread, .leftovers, .timedOut]
            guard let kind = kinds.first(where: { $0.rawValue == text }) else {
                throw place.appending("failsWith").error("\"\(text)\" is not a harness failure the bank can expect ("
                    + kinds.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + ")")
            }
            failsWith = kind
        }
        var expect: [String: ValueExpectation] = [:]
        if let expectObject = try reader.optionalObject("expect") {
            guard failsWith == nil else {
                throw expectObject.place.error("a check that expects the run to fail (failsWith) observes no values")
            }
            expect = try parseExpectations(expectObject, scenario: scenario, observes: shape?.observes)
        } else if failsWith == nil {
            throw place.appending("expect").error("is missing: what must the scenario observe?")
        }
        var expectSome: [String: ValueExpectation] = [:]
        if let someObject = try reader.optionalObject("expectSome") {
            guard schedules.contains(.seeded) else {
                throw someObject.place.error("is about seeds, but the check runs no seeded schedule")
            }
            guard failsWith == nil else { throw someObject.place.error("cannot be combined with failsWith") }
            expectSome = try parseExpectations(someObject, scenario: scenario, observes: shape?.observes)
        }
        let linux = try parseLinux(&reader) { (object: inout FieldReader) throws(QuizBankError) in
            guard let inner = try object.optionalObject("expect") else {
                throw object.place.appending("expect").error("is missing: what does Linux observe instead?")
            }
            return try parseExpectations(inner, scenario: scenario, observes: shape?.observes, allowsNotChecked: true)
        }
        let note = try reader.optionalString("note")
        let control = try parseControl(&reader, scenario: scenario, shape: shape)
        let adapted = try reader.optionalString("adapted")
        return RuntimeCheck(scenario: scenario, arguments: arguments, schedules: schedules, seeds: seeds, expect: expect,
                            expectSome: expectSome, failsWith: failsWith, linux: linux, note: note, control: control,
                            adapted: adapted)
    }

    /// A runtime check's `control`: `{"arguments": {…}, "why": "…"}`, or `"none"` with the check's `why`.
    static func parseControl(_ reader: inout FieldReader, scenario: String,
                             shape: (observes: [String], parameters: [String: ScenarioArgument])?)
        throws(QuizBankError) -> RuntimeControl
    {
        let place = reader.place.appending("control")
        guard case .object(var object) = try controlField(&reader, counterfactual: "{\"arguments\": {…}, \"why\": \"…\"}")
        else { return .none(why: try reader.string("why")) }
        guard let given = try object.optionalObject("arguments") else {
            throw place.appending("arguments").error("is missing: the arguments that make the scenario the wrong shape")
        }
        var arguments: [String: ScenarioArgument] = [:]
        for (name, value) in given.fields {
            switch value {
            case .int(let number): arguments[name] = .int(number)
            case .string(let text): arguments[name] = .string(text)
            default: throw given.place.appending(name).error("expected a whole number or a string, found \(value.kindName)")
            }
            if let shape, shape.parameters[name] == nil {
                throw given.place.appending(name).error("scenario \(scenario) takes no argument \"\(name)\" "
                    + "(it takes: \(shape.parameters.keys.sorted().joined(separator: ", ").nonEmpty ?? "none"))")
            }
        }
        guard !arguments.isEmpty else { throw given.place.error("is empty: a control changes at least one argument") }
        let why = try object.string("why")
        try object.finish()
        return .arguments(arguments, why: why)
    }

    /// The `expect` object of a runtime check.
    static func parseExpectations(_ object: FieldReader, scenario: String, observes: [String]?,
                                  allowsNotChecked: Bool = false)
        throws(QuizBankError) -> [String: ValueExpectation]
    {
        guard !object.fields.isEmpty else { throw object.place.error("is empty: expect at least one observed value") }
        var expect: [String: ValueExpectation] = [:]
        for (name, value) in object.fields {
            if let observes, !observes.contains(name) {
                throw object.place.appending(name).error("scenario \(scenario) observes no value \"\(name)\" (it "
                    + "observes: \(observes.joined(separator: ", ")))")
            }
            expect[name] = try ValueExpectation(value, at: object.place.appending(name), allowsNotChecked: allowsNotChecked)
        }
        return expect
    }

    /// A compile check.
    static func parseCompile(_ reader: inout FieldReader, snippets: String?) throws(QuizBankError) -> CompileCheck {
        let place = reader.place
        let snippet = try reader.string("compile")
        let source = try reader.optionalString("source")
        if snippet == "inline" {
            guard source != nil else { throw place.appending("source").error("is missing: an inline snippet needs its source") }
        } else {
            guard source == nil else { throw place.appending("source").error("is only for \"compile\": \"inline\"") }
            guard snippet.hasSuffix(".swift"), !snippet.contains("/") else {
                throw place.appending("compile").error("\"\(snippet)\" is not a file name in Quiz/snippets ending in .swift, nor \"inline\"")
            }
            if let snippets, !FileManager.default.fileExists(atPath: snippets + "/" + snippet) {
                throw place.appending("compile").error("no snippet file \(snippet) in \(snippets)")
            }
        }
        let swiftVersion = try reader.optionalInt("swiftVersion") ?? 6
        guard [5, 6].contains(swiftVersion) else {
            throw place.appending("swiftVersion").error("must be 5 or 6, not \(swiftVersion)")
        }
        let modeText = try reader.optionalString("mode") ?? "typecheck"
        guard let mode = CompileCheck.Mode(rawValue: modeText) else {
            throw place.appending("mode").error("\"\(modeText)\" is not typecheck, sil or ir")
        }
        let flags = try reader.optionalStrings("flags") ?? []
        let topLevel = try reader.optionalBool("topLevel") ?? false
        let expect = try parseCompileExpectation(&reader, base: nil)
        let linux = try parseLinux(&reader) { (object: inout FieldReader) throws(QuizBankError) in
            try parseCompileExpectation(&object, base: expect)
        }
        let note = try reader.optionalString("note")
        var check = CompileCheck(snippet: snippet, source: source, swiftVersion: swiftVersion, mode: mode, flags: flags,
                                 topLevel: topLevel, expect: expect, linux: linux, note: note)
        check.adapted = try reader.optionalString("adapted")
        check.control = try parseCompileControl(&reader, snippets: snippets,
                                                text: source ?? snippets.flatMap { try? String(contentsOfFile: $0 + "/" + snippet, encoding: .utf8) })
        return check
    }

    /// A run check: a snippet file, its builds (`[{"flags": ["-O"], "stdout": "…"}, …]`) and a control that changes
    /// the snippet only (`compile` or `replace`).
    static func parseRun(_ reader: inout FieldReader, snippets: String?) throws(QuizBankError) -> RunCheck {
        let place = reader.place
        let snippet = try reader.string("run")
        guard snippet.hasSuffix(".swift"), !snippet.contains("/") else {
            throw place.appending("run").error("\"\(snippet)\" is not a file name in Quiz/snippets ending in .swift")
        }
        let text = snippets.flatMap { try? String(contentsOfFile: $0 + "/" + snippet, encoding: .utf8) }
        if snippets != nil, text == nil { throw place.appending("run").error("no snippet file \(snippet) in \(snippets!)") }
        guard case .array(let items)? = reader.value("builds"), !items.isEmpty else {
            throw place.appending("builds").error("is missing: a non-empty array of {\"flags\": [\"-O\"], \"stdout\": \"…\"}")
        }
        var builds: [RunCheck.Build] = []
        for (index, item) in items.enumerated() {
            var build = try FieldReader(item, at: place.appending("builds").index(index))
            let flags = try build.optionalStrings("flags") ?? []
            let stdout = try build.string("stdout")
            try build.finish()
            builds.append(RunCheck.Build(flags: flags, stdout: stdout))
        }
        let control = try parseCompileControl(&reader, snippets: snippets, text: text)
        if case .counterpart(let counterpart) = control, counterpart.swiftVersion != nil || counterpart.flags != nil {
            throw place.appending("control").error("a run check's control changes the snippet only (compile or replace)")
        }
        let note = try reader.optionalString("note")
        let adapted = try reader.optionalString("adapted")
        return RunCheck(snippet: snippet, builds: builds, control: control, note: note, adapted: adapted)
    }

    /// Any check's `control` field, read the one way every kind reads it: the object that names the counterfactual,
    /// or `"none"` with a `why` beside it (then read by the caller). Missing is an error that says what it takes:
    /// `counterfactual`, the object's form for this kind.
    enum ControlField {
        case object(FieldReader)
        case none
    }

    /// Reads `control` (see `ControlField`).
    static func controlField(_ reader: inout FieldReader, counterfactual: String) throws(QuizBankError) -> ControlField {
        let place = reader.place.appending("control")
        guard let value = reader.value("control") else {
            throw place.error("is missing: name the counterfactual under which the expectation must fail "
                + "(\(counterfactual)), or say \"none\" with a \"why\"")
        }
        if case .string("none") = value {
            guard reader.has("why") else {
                throw reader.place.appending("why").error("is missing: why can no counterfactual exist?")
            }
            return .none
        }
        return .object(try FieldReader(value, at: place))
    }

    /// A compile or run check's `control`: the snippet changed so that the expectation must fail — the right shape
    /// for an expected error, the lesson's wrong shape (or the property removed) for `compiles`, `warning`, `output`
    /// and a run's builds (`{"compile": "Other.swift"}`, `{"replace": [["from", "to"]]}`, `{"swiftVersion": 5}`,
    /// `{"flags": […]}`, with a `why`), or `"none"` with a `why` beside it.
    static func parseCompileControl(_ reader: inout FieldReader, snippets: String?, text: String?)
        throws(QuizBankError) -> CompileControl
    {
        let place = reader.place.appending("control")
        guard case .object(var object) = try controlField(&reader, counterfactual:
            "{\"compile\": \"Other.swift\"} or {\"replace\": [[\"from\", \"to\"]]} or {\"swiftVersion\": 5} or {\"flags\": […]}, with a \"why\"")
        else { return .none(why: try reader.string("why")) }
        let snippet = try object.optionalString("compile")
        if let snippet {
            guard snippet.hasSuffix(".swift"), !snippet.contains("/") else {
                throw place.appending("compile").error("\"\(snippet)\" is not a file name in Quiz/snippets ending in .swift")
            }
            if let snippets, !FileManager.default.fileExists(atPath: snippets + "/" + snippet) {
                throw place.appending("compile").error("no snippet file \(snippet) in \(snippets)")
            }
        }
        var replacements: [CompileCounterpart.Replacement] = []
        if let value = object.value("replace") {
            guard case .array(let pairs) = value else {
                throw place.appending("replace").error("expected an array of [\"from\", \"to\"] pairs, found \(value.kindName)")
            }
            for (index, pair) in pairs.enumerated() {
                guard case .array(let texts) = pair, texts.count == 2, case .string(let from) = texts[0],
                      case .string(let to) = texts[1], !from.isEmpty
                else { throw place.appending("replace").index(index).error("expected [\"from\", \"to\"], two strings") }
                if snippet == nil, let text, !text.contains(from) {
                    throw place.appending("replace").index(index).error("\"\(from)\" is not in the snippet: the control would change nothing")
                }
                replacements.append(CompileCounterpart.Replacement(from: from, to: to))
            }
        }
        let swiftVersion = try object.optionalInt("swiftVersion")
        if let swiftVersion, ![5, 6].contains(swiftVersion) {
            throw place.appending("swiftVersion").error("must be 5 or 6, not \(swiftVersion)")
        }
        let flags = try object.optionalStrings("flags")
        guard snippet != nil || !replacements.isEmpty || swiftVersion != nil || flags != nil else {
            throw place.error("changes nothing: give compile, replace, swiftVersion or flags")
        }
        let why = try object.string("why")
        try object.finish()
        return .counterpart(CompileCounterpart(snippet: snippet, replacements: replacements, swiftVersion: swiftVersion,
                                               flags: flags, why: why))
    }

    /// A check's `linux` block, if any: what `parse` reads from it (the expectation over the lesson's), and its
    /// `note`; any other field is an error.
    static func parseLinux<Value>(_ reader: inout FieldReader,
                                  _ parse: (inout FieldReader) throws(QuizBankError) -> Value)
        throws(QuizBankError) -> LinuxOverride<Value>?
    {
        guard var object = try reader.optionalObject("linux") else { return nil }
        let value = try parse(&object)
        let note = try object.string("note")
        try object.finish()
        return LinuxOverride(value: value, note: note)
    }

    /// The expected outcome of a compile check (over `base` for a Linux override).
    static func parseCompileExpectation(_ reader: inout FieldReader, base: CompileCheck.Expectation?)
        throws(QuizBankError) -> CompileCheck.Expectation
    {
        let place = reader.place
        let outcome = try reader.choice("expect", base: base?.outcome, choices: "error, warning, compiles or output")
        let diagnostic = try reader.optionalString("diagnostic")
        let pattern = try reader.optionalString("pattern")
        if let pattern, (try? NSRegularExpression(pattern: pattern)) == nil {
            throw place.appending("pattern").error("is not a valid regular expression: \(pattern)")
        }
        let count = try reader.optionalInt("count")
        let at = try reader.optionalString("at")
        var expectation = CompileCheck.Expectation(outcome: outcome, diagnostic: diagnostic ?? base?.diagnostic,
                                                   pattern: pattern ?? base?.pattern, count: count ?? base?.count,
                                                   at: at ?? base?.at)
        if diagnostic != nil { expectation.pattern = pattern }
        if pattern != nil { expectation.diagnostic = diagnostic }
        switch outcome {
        case .error, .warning:
            guard expectation.diagnostic != nil || expectation.pattern != nil else {
                throw place.appending("diagnostic").error("is missing: an \(outcome.rawValue) needs its words (diagnostic) or a pattern")
            }
        case .output:
            guard expectation.pattern != nil else { throw place.appending("pattern").error("is missing: output needs a pattern") }
        case .compiles:
            break
        }
        return expectation
    }

    /// A crash check.
    static func parseCrash(_ reader: inout FieldReader, catalog: Catalog, resolveNames: Bool)
        throws(QuizBankError) -> CrashCheck
    {
        let place = reader.place
        let scenario = try reader.string("crash")
        if resolveNames, !catalog.knowsCrash(scenario) {
            throw place.appending("crash").error("unknown crash scenario \"\(scenario)\" (\(Self.nearest(scenario, in: Array(catalog.crashes.keys) + Array(catalog.pendingCrashes.keys))))")
        }
        let environment = try reader.optionalStringMap("env") ?? [:]
        let expect = try parseCrashExpectation(&reader, base: nil)
        let linux = try parseLinux(&reader) { (object: inout FieldReader) throws(QuizBankError) in
            try parseCrashExpectation(&object, base: expect)
        }
        let note = try reader.optionalString("note")
        var check = CrashCheck(scenario: scenario, environment: environment, expect: expect, linux: linux, note: note)
        check.adapted = try reader.optionalString("adapted")
        check.control = try parseCrashControl(&reader, catalog: catalog, resolveNames: resolveNames)
        return check
    }

    /// A crash check's `control`: the fixed shape, under which the crash must not come — another crash scenario
    /// and/or another environment for the child (`{"crash": "continuations.resumedOnce", "why": "…"}`,
    /// `{"env": {…}, "why": "…"}`), or `"none"` with a `why` beside it.
    static func parseCrashControl(_ reader: inout FieldReader, catalog: Catalog, resolveNames: Bool)
        throws(QuizBankError) -> CrashControl
    {
        let place = reader.place.appending("control")
        guard case .object(var object) = try controlField(&reader, counterfactual:
            "{\"crash\": \"a fixed-shape crash scenario\"} and/or {\"env\": {…}}, with a \"why\"")
        else { return .none(why: try reader.string("why")) }
        let scenario = try object.optionalString("crash")
        if let scenario, resolveNames, !catalog.knowsCrash(scenario) {
            throw place.appending("crash").error("unknown crash scenario \"\(scenario)\" (\(Self.nearest(scenario, in: Array(catalog.crashes.keys))))")
        }
        let environment = try object.optionalStringMap("env")
        guard scenario != nil || environment != nil else { throw place.error("changes nothing: give crash or env") }
        let why = try object.string("why")
        try object.finish()
        return .counterpart(scenario: scenario, environment: environment, why: why)
    }

    /// The expected end of a crash check (over `base` for a Linux override).
    static func parseCrashExpectation(_ reader: inout FieldReader, base: CrashCheck.Expectation?)
        throws(QuizBankError) -> CrashCheck.Expectation
    {
        let place = reader.place
        let exit = try reader.choice("exit", base: base?.exit, choices: "signal, failure or success")
        let signal = try reader.optionalInt("signal")
        if signal != nil, exit != .signal { throw place.appending("signal").error("is only for \"exit\": \"signal\"") }
        var expectation = CrashCheck.Expectation(exit: exit, signal: signal ?? base?.signal, stderr: base?.stderr,
                                                 stdout: base?.stdout)
        for name in ["stderr", "stdout"] {
            guard let pattern = try reader.optionalString(name) else { continue }
            guard (try? NSRegularExpression(pattern: pattern)) != nil else {
                throw place.appending(name).error("is not a valid regular expression: \(pattern)")
            }
            if name == "stderr" { expectation.stderr = pattern } else { expectation.stdout = pattern }
        }
        return expectation
    }

    /// "did you mean jar.pourSlowly?" — the known name closest to a misspelt one.
    static func nearest(_ name: String, in known: [String]) -> String {
        func distance(_ a: String, _ b: String) -> Int {
            let a = Array(a), b = Array(b)
            var row = Array(0...b.count)
            for i in 1...max(a.count, 1) where !a.isEmpty {
                var previous = row[0]
                row[0] = i
                for j in stride(from: 1, through: b.count, by: 1) {
                    let old = row[j]
                    row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                    previous = old
                }
            }
            return row[b.count]
        }
        guard let best = known.min(by: { distance(name, $0) < distance(name, $1) }) else { return "the catalog is empty" }
        return "did you mean \(best)?"
    }
}

extension String {
    /// Nil for the empty string: `list.joined().nonEmpty ?? "none"`.
    var nonEmpty: String? { isEmpty ? nil : self }
}
