/// An argument a scenario cannot take — a shape its type does not have; the message names the type, the parameter
/// and the value, as the scenarios' own `BadScenarioInput` does.
public struct BadScenarioArgument: Error, Equatable, CustomStringConvertible {
    /// The type or scenario that refused it, such as "LessonShape".
    public let scenario: String
    /// The parameter, such as "shape".
    public let parameter: String
    /// The value it was given, as written.
    public let value: String
    /// What it must be, such as "one of lesson, wrong".
    public let expected: String

    /// The message: "LessonShape: shape must be one of lesson, wrong, got rong".
    public var description: String {
        "\(scenario): \(parameter) must be \(expected), got \(value)"
    }
}
