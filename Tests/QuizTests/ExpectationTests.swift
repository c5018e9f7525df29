import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
import ConcurrencyHarnessTesting
import Testing

/// How the bank's expectations read and judge values: ranges for "about", sets, orders.
@Suite("Quiz bank: expectations", scaledTimeLimit(minutes: 1))
struct ExpectationTests {
    /// A bank expectation, read from its JSON text.
    func expectation(_ json: String) throws -> ValueExpectation {
        try ValueExpectation(parsing: json)
    }

    @Test("A range written as a string holds for the numbers inside it", arguments: [
        ("\"1...5\"", 1, true), ("\"1...5\"", 5, true), ("\"1...5\"", 6, false), ("\"0..<700\"", 699, true),
        ("\"0..<700\"", 700, false), ("\"1...\"", 5000, true), ("\"1...\"", 0, false), ("\"...0.5\"", 0, true),
    ])
    func ranges(json: String, value: Int, holds: Bool) throws {
        #expect(try expectation(json).holds(for: .int(value)) == holds, "\(json) for \(value)")
    }

    @Test("A string that is not a range is a string to equal")
    func plainString() throws {
        #expect(try expectation("\"1..5\"").holds(for: .string("1..5")))
        #expect(try expectation("\"MainActor\"").holds(for: .string("MainActor")))
        #expect(try !expectation("\"MainActor\"").holds(for: .string("no actor")))
    }

    @Test("An array is an exact order; set, order and contains relax it")
    func lists() throws {
        let observed = ObservedValue.strings(["Bea", "Cia", "Ada"])
        #expect(try expectation(#"["Bea", "Cia", "Ada"]"#).holds(for: observed))
        #expect(try !expectation(#"["Ada", "Bea", "Cia"]"#).holds(for: observed))
        #expect(try expectation(#"{"set": ["Ada", "Bea", "Cia"]}"#).holds(for: observed))
        #expect(try expectation(#"{"order": ["Bea", "Ada"]}"#).holds(for: observed))
        #expect(try !expectation(#"{"order": ["Ada", "Bea"]}"#).holds(for: observed))
        #expect(try expectation(#"{"contains": "Cia"}"#).holds(for: observed))
    }

    @Test("Whole numbers and the same number with a fraction are equal; a flag is not a number")
    func numbers() throws {
        #expect(try expectation("1000").holds(for: .double(1000)))
        #expect(try !expectation("1").holds(for: .bool(true)))
        #expect(try expectation("true").holds(for: .bool(true)))
    }

    @Test("matches is a regular expression over a string")
    func matches() throws {
        #expect(try expectation(#"{"matches": "^Swift .* queue$"}"#).holds(for: .string("Swift global concurrent queue")))
    }
}
