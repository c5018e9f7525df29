/// A scenario was given a value it cannot run with; the message names the scenario, the parameter and the value.
public struct BadScenarioInput: Error, Equatable, CustomStringConvertible {
    /// The scenario, such as "concurrentPours".
    public let scenario: String
    /// The parameter, such as "n".
    public let parameter: String
    /// The value it was given, as written.
    public let value: String
    /// What it must be, such as "at least 1".
    public let expected: String

    /// The message: "concurrentPours: n must be at least 1, got -3".
    public var description: String {
        "\(scenario): \(parameter) must be \(expected), got \(value)"
    }

    /// Throws unless `value` is at least `minimum`.
    static func require(_ value: Int, atLeast minimum: Int, _ parameter: String, in scenario: String) throws {
        guard value >= minimum else {
            throw BadScenarioInput(scenario: scenario, parameter: parameter, value: "\(value)", expected: "at least \(minimum)")
        }
    }

    /// Throws unless `value` is zero or more.
    static func require(_ value: Duration, notNegative parameter: String, in scenario: String) throws {
        guard value >= .zero else {
            throw BadScenarioInput(scenario: scenario, parameter: parameter, value: "\(value)", expected: "zero or more")
        }
    }
}
