/// A scenario was given a value it cannot run with — a count below its minimum, a shape its type does not have; the
/// message names the scenario (or the type), the parameter and the value. Scenarios and the quiz's arguments share it.
package struct BadScenarioInput: Error, Equatable, CustomStringConvertible {
    /// The scenario or type that refused it, such as "concurrentPours" or "PourShape".
    package let scenario: String
    /// The parameter, such as "n" or "shape".
    package let parameter: String
    /// The value it was given, as written.
    package let value: String
    /// What it must be, such as "at least 1".
    package let expected: String

    /// The refusal of `value` for `parameter` of `scenario`, which must be `expected`.
    package init(scenario: String, parameter: String, value: String, expected: String) {
        self.scenario = scenario
        self.parameter = parameter
        self.value = value
        self.expected = expected
    }

    /// The message: "concurrentPours: n must be at least 1, got -3".
    package var description: String {
        "\(scenario): \(parameter) must be \(expected), got \(value)"
    }
}
