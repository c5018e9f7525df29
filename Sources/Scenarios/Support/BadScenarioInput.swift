import ConcurrencyHarness

/// The scenarios' own checks of their inputs (the error itself is `Harness`'s, shared with the quiz).
extension BadScenarioInput {
    /// Throws unless `value` is at least `minimum`.
    static func require(_ value: Int, atLeast minimum: Int, _ parameter: String, in scenario: String) throws {
        guard value >= minimum else {
            throw BadScenarioInput(scenario: scenario, parameter: parameter, value: "\(value)", expected: "at least \(minimum)")
        }
    }

    /// Throws unless `value` is in `range`.
    static func require(_ value: Int, in range: ClosedRange<Int>, _ parameter: String, in scenario: String) throws {
        guard range.contains(value) else {
            throw BadScenarioInput(scenario: scenario, parameter: parameter, value: "\(value)",
                                   expected: "\(range.lowerBound) to \(range.upperBound)")
        }
    }

    /// Throws unless `value` is zero or more.
    static func require(_ value: Duration, notNegative parameter: String, in scenario: String) throws {
        guard value >= .zero else {
            throw BadScenarioInput(scenario: scenario, parameter: parameter, value: "\(value)", expected: "zero or more")
        }
    }
}
