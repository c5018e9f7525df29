import Foundation
import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import ConcurrencyHarnessTesting
import Testing

/// The demo scenario's one argument.
struct DemoInput: ScenarioInput {
    var n: Int
}

/// The demo's shapes: the lesson's and a control's.
enum DemoShape: String, CaseIterable, Decodable, Sendable { case lesson, control }

/// A small catalog for the loader's tests: one scenario, one pending, one crash.
let demoCatalog = Catalog(
    scenarios: [QuizScenario("demo.count", observes: ["count", "names"], defaults: DemoInput(n: 1)) { arguments in
        ["count": .int(arguments.n), "names": .strings(["a", "b"])]
    }, QuizScenario("demo.shaped", observes: ["count"], shape: DemoShape.lesson) { arguments in
        ["count": .int(arguments.shape == .lesson ? 1 : 2)]
    }],
    pending: [PendingScenario("demo.later", observes: ["count"], awaiting: "issue 99")],
    crashes: [QuizCrash("demo.crash") {}, QuizCrash("demo.fixed") {}],
    pendingCrashes: ["demo.laterCrash": "issue 99"])

/// The demo entry's answer as one clause, at risk in its one check.
let oneClause = #""clauses": [{"text": "A.", "checks": [1]}],"#

/// A bank file of one entry whose check is `check` (JSON text), with `extra` fields on the entry and its answer's
/// `clauses`.
func demoFile(check: String, extra: String = "", id: String = "L99-C01", answer: String = "A.", clauses: String = oneClause) -> String {
    """
    {"bank": "L99", "entries": [
      {"id": "\(id)", "kind": "card", "question": "Q?", "answer": "\(answer)", \(extra) \(clauses) "checks": [\(check)]}
    ]}
    """
}

/// A demo bank whose entry has two checks and these `clauses`, over the answer `A. B.`.
func twoChecks(clauses: String) -> String {
    demoFile(check: runtimeCheck + ", " + runtimeCheck, answer: "A. B.", clauses: #""clauses": "# + clauses + ",")
}

/// Loads `text` as the file `L99.json` against the demo catalog, with a snippet folder holding `Demo.swift`.
func loadDemo(_ text: String) throws(QuizBankError) -> [QuizEntry] {
    // In the process's scratch folder (a process killed meanwhile leaves nothing for good); else a folder of its own.
    let folder = (try? ScratchFolder.make("quiz-loader-tests"))
        ?? FileManager.default.temporaryDirectory.appendingPathComponent("quiz-loader-tests-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }  // a test run leaves nothing behind
    try? "let x = 1\n".write(to: folder.appendingPathComponent("Demo.swift"), atomically: true, encoding: .utf8)
    return try QuizBankLoader.parse(file: "L99.json", data: Data(text.utf8), snippets: folder.path, catalog: demoCatalog)
}

/// A malformed bank and the words its error must contain.
struct Malformed: Sendable, CustomTestStringConvertible {
    var what: String
    var json: String
    var error: String
    var testDescription: String { what }
}

let runtimeCheck = #"{"runtime": "demo.count", "expect": {"count": 1}, "control": {"arguments": {"n": 2}, "why": "w"}}"#

/// Every kind of mistake the loader must name, with the entry and the field.
let malformedBanks: [Malformed] = [
    Malformed(what: "not JSON", json: "{\"bank\": ", error: "L99.json: is not valid JSON"),
    Malformed(what: "no entries", json: #"{"bank": "L99"}"#, error: "L99.json: field entries: is missing"),
    Malformed(what: "missing answer",
              json: #"{"bank": "L99", "entries": [{"id": "L99-C01", "kind": "card", "question": "Q?", "checks": [{"runtime": "demo.count", "expect": {"count": 1}}]}]}"#,
              error: "entry L99-C01: field answer: is missing"),
    Malformed(what: "a number for a string", json: demoFile(check: runtimeCheck, extra: #""label": 5,"#),
              error: "entry L99-C01: field label: expected a string, found a whole number"),
    Malformed(what: "an audit that is not text",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "audit": 3, "control": {"arguments": {"n": 2}, "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].audit: expected a string, found a whole number"),
    Malformed(what: "an empty audit",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "audit": " ", "control": {"arguments": {"n": 2}, "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].audit: is empty"),
    Malformed(what: "an answer not divided into clauses", json: demoFile(check: runtimeCheck, clauses: ""),
              error: "entry L99-C01: field clauses: is missing: divide the answer into clauses"),
    Malformed(what: "no clauses", json: demoFile(check: runtimeCheck, clauses: #""clauses": [],"#),
              error: "entry L99-C01: field clauses: is empty"),
    Malformed(what: "a clause that is not the answer's words",
              json: twoChecks(clauses: #"[{"text": "A.", "checks": [1]}, {"text": "C.", "checks": [2]}]"#),
              error: "entry L99-C01: field clauses[1].text: is not the answer's next words: the answer goes on “B.”, this clause says “C.”"),
    Malformed(what: "clauses that stop before the answer does", json: twoChecks(clauses: #"[{"text": "A.", "checks": [1, 2]}]"#),
              error: "entry L99-C01: field clauses: end before the answer does: “B.” is in no clause"),
    Malformed(what: "clauses that go on after the answer",
              json: demoFile(check: runtimeCheck, clauses: #""clauses": [{"text": "A. And more.", "checks": [1]}],"#),
              error: "entry L99-C01: field clauses[0].text: goes on after the answer's last word: this clause says “A. And more.”"),
    Malformed(what: "a check no clause names", json: twoChecks(clauses: #"[{"text": "A.", "checks": [1]}, {"text": "B.", "checks": [1]}]"#),
              error: "entry L99-C01: field checks[1]: no clause names this check (check 2)"),
    Malformed(what: "a clause with neither checks nor a reason", json: twoChecks(clauses: #"[{"text": "A. B."}]"#),
              error: "entry L99-C01: field clauses[0]: names no check and says why none puts it at risk"),
    Malformed(what: "a clause with both checks and a reason",
              json: demoFile(check: runtimeCheck, clauses: #""clauses": [{"text": "A.", "checks": [1], "notChecked": "why"}],"#),
              error: "entry L99-C01: field clauses[0]: has both \"checks\" and \"notChecked\""),
    Malformed(what: "a clause naming a check the entry does not have",
              json: demoFile(check: runtimeCheck, clauses: #""clauses": [{"text": "A.", "checks": [1, 2]}],"#),
              error: "entry L99-C01: field clauses[0].checks[1]: 2 is not a check of this entry: it has 1 (numbered from 1)"),
    Malformed(what: "a clause naming check 0", json: demoFile(check: runtimeCheck, clauses: #""clauses": [{"text": "A.", "checks": [0]}],"#),
              error: "entry L99-C01: field clauses[0].checks[0]: 0 is not a check of this entry"),
    Malformed(what: "a clause naming a check twice",
              json: demoFile(check: runtimeCheck, clauses: #""clauses": [{"text": "A.", "checks": [1, 1]}],"#),
              error: "entry L99-C01: field clauses[0].checks[1]: names check 1 twice"),
    Malformed(what: "a clause naming no check in its checks",
              json: demoFile(check: runtimeCheck, clauses: #""clauses": [{"text": "A.", "checks": []}],"#),
              error: "entry L99-C01: field clauses[0].checks: is empty"),
    Malformed(what: "a clause left unchecked without words",
              json: twoChecks(clauses: #"[{"text": "A.", "checks": [1, 2]}, {"text": "B.", "notChecked": " "}]"#),
              error: "entry L99-C01: field clauses[1].notChecked: is blank"),
    Malformed(what: "a blank clause", json: twoChecks(clauses: #"[{"text": "A. B.", "checks": [1, 2]}, {"text": " ", "notChecked": "w"}]"#),
              error: "entry L99-C01: field clauses[1].text: is blank"),
    Malformed(what: "a misspelt field of a clause",
              json: demoFile(check: runtimeCheck, clauses: #""clauses": [{"text": "A.", "chekcs": [1]}],"#),
              error: "entry L99-C01: field clauses[0].chekcs: is not a field this object has (known: checks, notChecked, text)"),
    Malformed(what: "the entry's notChecked of before the clauses",
              json: demoFile(check: runtimeCheck, extra: #""notChecked": ["the first part (why)"],"#),
              error: "entry L99-C01: field notChecked: has moved into the clauses"),
    Malformed(what: "an audit on a platform skip",
              json: demoFile(check: #"{"platform": "apple-only", "reason": "SwiftUI only, nothing to run", "audit": "a"}"#),
              error: "entry L99-C01: field checks[0].audit: is for a check that runs here"),
    Malformed(what: "a misspelt field", json: demoFile(check: runtimeCheck, extra: #""anwser": "x","#),
              error: "entry L99-C01: field anwser: is not a field this object has"),
    Malformed(what: "a misspelt control, named rather than taken for a missing one",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "contorl": {"arguments": {"n": 2}, "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].contorl: is not a field this object has"),
    Malformed(what: "a misspelt field of a Linux block",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "linux": {"expect": {"count": 2}, "nte": "n"}}"#),
              error: "entry L99-C01: field checks[0].linux.nte: is not a field this object has"),
    Malformed(what: "a platform skip holding a check",
              json: demoFile(check: #"{"platform": "apple-only", "reason": "SwiftUI only", "check": {"compile": "Demo.swift"}}"#),
              error: "entry L99-C01: field checks[0].check: is not a field this object has"),
    Malformed(what: "a null for a field", json: demoFile(check: runtimeCheck, extra: #""label": null,"#),
              error: "entry L99-C01: field label: is null"),
    Malformed(what: "a fraction for a whole number", json: demoFile(check: #"{"compile": "Demo.swift", "swiftVersion": 5.5, "expect": "compiles"}"#),
              error: "entry L99-C01: field checks[0].swiftVersion: expected a whole number, found a number"),
    Malformed(what: "a check's why beside a control that has its own",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "control": {"arguments": {"n": 2}, "why": "w"}, "why": "x"}"#),
              error: "entry L99-C01: field checks[0].why: is only for \"control\": \"none\""),
    Malformed(what: "a bad id", json: demoFile(check: runtimeCheck, id: "L99-X1"),
              error: "entry entries[0]: field id: \"L99-X1\" is not an id"),
    Malformed(what: "an unknown kind", json: demoFile(check: runtimeCheck).replacingOccurrences(of: "\"card\"", with: "\"flashcard\""),
              error: "entry L99-C01: field kind: \"flashcard\" is not card, question or claim"),
    Malformed(what: "no checks", json: demoFile(check: ""), error: "entry L99-C01: field checks: expected a non-empty array"),
    Malformed(what: "a check of no kind", json: demoFile(check: #"{"reason": "x"}"#),
              error: "entry L99-C01: field checks[0]: a check needs one of runtime, compile, run, crash, platform or toolchain"),
    Malformed(what: "a check of two kinds", json: demoFile(check: #"{"runtime": "demo.count", "compile": "Demo.swift", "expect": {"count": 1}}"#),
              error: "field checks[0]: a check has exactly one of runtime, compile, run, crash, platform or toolchain, not runtime and compile"),
    Malformed(what: "no control", json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}}"#),
              error: "entry L99-C01: field checks[0].control: is missing"),
    Malformed(what: "no control without a why",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "control": "none"}"#),
              error: "entry L99-C01: field checks[0].why: is missing"),
    Malformed(what: "a control's unknown argument",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "control": {"arguments": {"m": 2}, "why": "w"}}"#),
              error: "field checks[0].control.arguments.m: scenario demo.count takes no argument \"m\""),
    Malformed(what: "an unknown scenario", json: demoFile(check: #"{"runtime": "demo.cuont", "expect": {"count": 1}}"#),
              error: "entry L99-C01: field checks[0].runtime: unknown scenario \"demo.cuont\""),
    Malformed(what: "an argument the scenario does not take",
              json: demoFile(check: #"{"runtime": "demo.count", "arguments": {"m": 2}, "expect": {"count": 1}}"#),
              error: "field checks[0].arguments.m: scenario demo.count takes no argument \"m\" (it takes: n)"),
    Malformed(what: "a shape the scenario has no case of",
              json: demoFile(check: #"{"runtime": "demo.shaped", "arguments": {"shape": "wrongly"}, "expect": {"count": 1}}"#),
              error: "field checks[0].arguments.shape: expected one of lesson, control, found \"wrongly\""),
    Malformed(what: "a control's shape the scenario has no case of",
              json: demoFile(check: #"{"runtime": "demo.shaped", "expect": {"count": 1}, "control": {"arguments": {"shape": "wrong"}, "why": "w"}}"#),
              error: "field checks[0].control.arguments.shape: expected one of lesson, control, found \"wrong\""),
    Malformed(what: "an argument of the wrong kind",
              json: demoFile(check: #"{"runtime": "demo.count", "arguments": {"n": "two"}, "expect": {"count": 1}}"#),
              error: "field checks[0].arguments.n: expected a value like 1, found \"two\""),
    Malformed(what: "a value the scenario does not observe", json: demoFile(check: #"{"runtime": "demo.count", "expect": {"cuont": 1}}"#),
              error: "field checks[0].expect.cuont: scenario demo.count observes no value \"cuont\" (it observes: count, names)"),
    Malformed(what: "no expectation", json: demoFile(check: #"{"runtime": "demo.count"}"#),
              error: "field checks[0].expect: is missing"),
    Malformed(what: "a malformed range", json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": {"range": "1..5"}}}"#),
              error: "field checks[0].expect.count.range: expected a range such as"),
    Malformed(what: "an unknown expectation", json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": {"about": 1}}}"#),
              error: "field checks[0].expect.count.about: is not an expectation"),
    Malformed(what: "an unknown schedule", json: demoFile(check: #"{"runtime": "demo.count", "schedules": ["fast"], "expect": {"count": 1}}"#),
              error: "field checks[0].schedules[0]: \"fast\" is not strict, seeded or system"),
    Malformed(what: "no seeds", json: demoFile(check: #"{"runtime": "demo.count", "seeds": 0, "expect": {"count": 1}}"#),
              error: "field checks[0].seeds: must be above zero, not 0"),
    Malformed(what: "a Linux difference without its note",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": 1}, "linux": {"expect": {"count": 2}}}"#),
              error: "field checks[0].linux.note: is missing"),
    Malformed(what: "a value left unchecked outside a Linux block",
              json: demoFile(check: #"{"runtime": "demo.count", "expect": {"count": null}}"#),
              error: "field checks[0].expect.count: null (not checked) is only for a linux block"),
    Malformed(what: "a missing snippet", json: demoFile(check: #"{"compile": "Missing.swift", "expect": "compiles"}"#),
              error: "field checks[0].compile: no snippet file Missing.swift"),
    Malformed(what: "an error without its words", json: demoFile(check: #"{"compile": "Demo.swift", "expect": "error"}"#),
              error: "field checks[0].diagnostic: is missing"),
    Malformed(what: "a bad pattern", json: demoFile(check: #"{"compile": "Demo.swift", "expect": "error", "pattern": "("}"#),
              error: "field checks[0].pattern: is not a valid regular expression"),
    Malformed(what: "an expected error without its control",
              json: demoFile(check: #"{"compile": "Demo.swift", "expect": "error", "diagnostic": "d"}"#),
              error: "L99.json: entry L99-C01: field checks[0].control: is missing: name the counterfactual"),
    Malformed(what: "a check expecting compiles without its control",
              json: demoFile(check: #"{"compile": "Demo.swift", "expect": "compiles"}"#),
              error: "entry L99-C01: field checks[0].control: is missing"),
    Malformed(what: "a crash check without its control", json: demoFile(check: #"{"crash": "demo.crash", "exit": "signal"}"#),
              error: "entry L99-C01: field checks[0].control: is missing: name the counterfactual"),
    Malformed(what: "a crash control that changes nothing",
              json: demoFile(check: #"{"crash": "demo.crash", "exit": "signal", "control": {"why": "w"}}"#),
              error: "entry L99-C01: field checks[0].control: changes nothing: give crash or env"),
    Malformed(what: "a crash control naming an unknown scenario",
              json: demoFile(check: #"{"crash": "demo.crash", "exit": "signal", "control": {"crash": "demo.fixd", "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].control.crash: unknown crash scenario \"demo.fixd\" (did you mean demo.fixed?)"),
    Malformed(what: "a crash control without a why",
              json: demoFile(check: #"{"crash": "demo.crash", "exit": "signal", "control": {"crash": "demo.fixed"}}"#),
              error: "entry L99-C01: field checks[0].control.why: is missing"),
    Malformed(what: "no crash control without a why",
              json: demoFile(check: #"{"crash": "demo.crash", "exit": "signal", "control": "none"}"#),
              error: "entry L99-C01: field checks[0].why: is missing"),
    Malformed(what: "a compile control that changes nothing",
              json: demoFile(check: #"{"compile": "Demo.swift", "expect": "error", "diagnostic": "d", "control": {"why": "w"}}"#),
              error: "entry L99-C01: field checks[0].control: changes nothing"),
    Malformed(what: "a compile control replacing text the snippet does not have",
              json: demoFile(check: #"{"compile": "Demo.swift", "expect": "error", "diagnostic": "d", "control": {"replace": [["var y", "let y"]], "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].control.replace[0]: \"var y\" is not in the snippet"),
    Malformed(what: "a compile control naming a snippet that does not exist",
              json: demoFile(check: #"{"compile": "Demo.swift", "expect": "error", "diagnostic": "d", "control": {"compile": "Nope.swift", "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].control.compile: no snippet file Nope.swift"),
    Malformed(what: "a compile control without a why",
              json: demoFile(check: #"{"compile": "Demo.swift", "expect": "error", "diagnostic": "d", "control": {"swiftVersion": 5}}"#),
              error: "entry L99-C01: field checks[0].control.why: is missing"),
    Malformed(what: "a run check without builds",
              json: demoFile(check: #"{"run": "Demo.swift", "control": {"replace": [["let x", "var x"]], "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].builds: is missing"),
    Malformed(what: "a run check without its control",
              json: demoFile(check: #"{"run": "Demo.swift", "builds": [{"flags": ["-O"], "stdout": "1"}]}"#),
              error: "entry L99-C01: field checks[0].control: is missing"),
    Malformed(what: "a run check whose control changes flags",
              json: demoFile(check: #"{"run": "Demo.swift", "builds": [{"flags": ["-O"], "stdout": "1"}], "control": {"flags": ["-Onone"], "why": "w"}}"#),
              error: "entry L99-C01: field checks[0].control: a run check's control changes the snippet only"),
    Malformed(what: "a Swift version that does not exist", json: demoFile(check: #"{"compile": "Demo.swift", "swiftVersion": 7, "expect": "compiles"}"#),
              error: "field checks[0].swiftVersion: must be 5 or 6, not 7"),
    Malformed(what: "an unknown crash scenario", json: demoFile(check: #"{"crash": "demo.crahs", "exit": "signal"}"#),
              error: "field checks[0].crash: unknown crash scenario \"demo.crahs\" (did you mean demo.crash?)"),
    Malformed(what: "an unknown way to end", json: demoFile(check: #"{"crash": "demo.crash", "exit": "crashed"}"#),
              error: "field checks[0].exit: \"crashed\" is not signal, failure or success"),
    Malformed(what: "an unknown platform", json: demoFile(check: #"{"platform": "android", "reason": "no"}"#),
              error: "field checks[0].platform: \"android\" is not a platform this bank knows (apple-only)"),
    Malformed(what: "a skip without its reason", json: demoFile(check: #"{"platform": "apple-only"}"#),
              error: "field checks[0].reason: is missing"),
    Malformed(what: "a toolchain that is not a version", json: demoFile(check: #"{"toolchain": "six", "reason": "later"}"#),
              error: "field checks[0].toolchain: \"six\" is not a version like 6.4 or ...5.10"),
    Malformed(what: "a duplicate id",
              json: #"{"bank": "L99", "entries": [{"id": "L99-C01", "kind": "card", "question": "Q?", "answer": "A.", "clauses": [{"text": "A.", "checks": [1]}], "checks": [{"platform": "apple-only", "reason": "SwiftUI only"}]}, {"id": "L99-C01", "kind": "card", "question": "Q?", "answer": "A.", "clauses": [{"text": "A.", "checks": [1]}], "checks": [{"platform": "apple-only", "reason": "SwiftUI only"}]}]}"#,
              error: "entry L99-C01: field id: appears twice in this file"),
]

/// A malformed bank fails with a message naming the entry and the field: nothing in the bank is ignored.
@Suite("Quiz bank: a malformed bank is refused, naming the entry and the field", scaledTimeLimit(minutes: 1))
struct LoaderErrorTests {
    @Test("A malformed bank is refused with a message naming the entry and the field", arguments: malformedBanks)
    func refused(_ bad: Malformed) {
        do {
            _ = try loadDemo(bad.json)
            Issue.record("a bank with \(bad.what) loaded without an error; expected \"\(bad.error)\"")
        } catch {
            #expect("\(error)".contains(bad.error), "expected the error to say \"\(bad.error)\", it said \"\(error)\"")
        }
    }

    @Test("A well-formed demo bank loads, and a pending scenario's name is accepted")
    func wellFormedLoads() throws {
        let entries = try loadDemo(demoFile(check: runtimeCheck + #", {"runtime": "demo.later", "expect": {"count": 1}, "control": "none", "why": "w"}, {"crash": "demo.laterCrash", "exit": "signal", "control": {"crash": "demo.fixed", "why": "w"}}"#,
                                            answer: "A. B.\\n\\nC.", clauses: #""clauses": [{"text": "A.", "checks": [1, 3]}, {"text": "B.\nC.", "checks": [2]}],"#))
        #expect(entries.map(\.id) == ["L99-C01"])
        #expect(entries.first?.checks.count == 3)
        #expect(entries.first?.clauses == [QuizClause(text: "A.", evidence: .checks([0, 2])),
                                           QuizClause(text: "B.\nC.", evidence: .checks([1]))],
                "checks are numbered from 1 in the bank, from 0 in code; line breaks and spaces between clauses do not count")
    }

    @Test("Two files with the same id are refused, naming both")
    func duplicateAcrossFiles() throws {
        let folder = try ScratchFolder.make("quiz-duplicate")
        defer { try? FileManager.default.removeItem(at: folder) }
        try demoFile(check: runtimeCheck).write(to: folder.appendingPathComponent("A.json"), atomically: true, encoding: .utf8)
        try demoFile(check: runtimeCheck).write(to: folder.appendingPathComponent("B.json"), atomically: true, encoding: .utf8)
        #expect {
            try QuizBankLoader.load(directory: folder.path, catalog: demoCatalog)
        } throws: { error in
            "\(error)".hasPrefix("B.json: entry L99-C01: field id: is also the id of an entry in A.json")
        }
    }

    @Test("An unknown scenario name in the package's own bank would be refused by name")
    func packageBankNamesResolve() throws {
        let bank = try QuizTestBank.loaded.get()
        let text = try String(contentsOfFile: bank.directory + "/L37.json", encoding: .utf8)
            .replacingOccurrences(of: "\"runtime\": \"jar.pourSlowly\"", with: "\"runtime\": \"jar.pourSlowlly\"")
        #expect {
            try QuizBankLoader.parse(file: "L37.json", data: Data(text.utf8), snippets: nil, catalog: .standard)
        } throws: { error in
            "\(error)".contains("entry L37-C13: field checks[0].runtime: unknown scenario \"jar.pourSlowlly\"")
        }
    }
}

/// Writes `files` (name → text) into a new temporary folder, loads it as a bank against the demo
/// catalog, and removes the folder; the error the loader threw, or nil if the bank loaded.
func loadFolder(_ files: [String: String]) throws -> QuizBankError? {
    let folder = try ScratchFolder.make("quiz-bank")
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files {
        try text.write(to: folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }
    do {
        _ = try QuizBankLoader.load(directory: folder.path, catalog: demoCatalog)
        return nil
    } catch {
        return error
    }
}

/// Mistakes a bank author makes in the JSON itself, each in a bank folder of its own.
@Suite("Quiz bank input: repeated keys, syntax errors, ids in two files, a missing folder", scaledTimeLimit(minutes: 1))
struct BankInputErrorTests {
    @Test("A key written twice in an entry is refused, naming the file, the entry and the key")
    func repeatedKeyInAnEntry() throws {
        let error = try loadFolder(["L99.json": demoFile(check: runtimeCheck, extra: #""answer": "B.","#)])
        try #require(error != nil, "an entry with \"answer\" written twice loaded without an error")
        #expect(error?.file == "L99.json")
        #expect(error?.entry == "L99-C01")
        #expect(error?.field == "answer")
        #expect("\(error.map { "\($0)" } ?? "loaded")".contains("the key \"answer\" is written twice in one object (lines 2 and 2)"))
    }

    @Test("A key written twice deep inside a check is refused with the path to it")
    func repeatedKeyInACheck() throws {
        let check = runtimeCheck.replacingOccurrences(of: #""expect": {"count": 1}"#, with: #""expect": {"count": 1, "count": 2}"#)
        let error = try loadFolder(["L99.json": demoFile(check: check)])
        #expect(error.map { "\($0)" }?.hasPrefix(
            "L99.json: entry L99-C01: field checks[0].expect.count: the key \"count\" is written twice") == true,
                "expected an error naming checks[0].expect.count; got: \(error.map { "\($0)" } ?? "the bank loaded")")
    }

    @Test("A JSON syntax error names its line and column")
    func syntaxErrorHasLineAndColumn() throws {
        let text = "{\"bank\": \"L99\",\n  \"entries\": [\n    {\"id\": \"L99-C01\" \"kind\": \"card\"}\n]}\n"
        let error = try loadFolder(["L99.json": text])
        #expect(error.map { "\($0)" } == "L99.json: is not valid JSON: line 3, column 22: invalid value")
    }

    @Test("An id in two files names both, and blames the file whose bank the id does not belong to")
    func idInTwoFiles() throws {
        let stray = demoFile(check: runtimeCheck).replacingOccurrences(of: #""bank": "L99""#, with: #""bank": "QA""#)
        let error = try loadFolder(["A.json": stray, "L99.json": demoFile(check: runtimeCheck)])
        #expect(error?.file == "A.json")
        #expect(error.map { "\($0)" }?.contains("found in A.json and L99.json") == true,
                "expected an error naming both files; got: \(error.map { "\($0)" } ?? "the bank loaded")")
    }

    @Test("A --bank folder that does not exist is \"not found\", not malformed")
    func missingFolder() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-bank-\(UUID().uuidString)").path
        #expect {
            try QuizBankLoader.load(directory: path, catalog: demoCatalog)
        } throws: { error in
            "\(error)" == "\(path): not found: there is no bank folder at this path"
        }
    }
}
