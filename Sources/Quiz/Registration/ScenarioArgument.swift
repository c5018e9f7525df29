/// An argument a runtime check passes to its scenario.
public enum ScenarioArgument: Sendable, Hashable, CustomStringConvertible {
    case int(Int)
    case string(String)

    public var description: String {
        switch self {
        case .int(let value): "\(value)"
        case .string(let value): "\"\(value)\""
        }
    }
}
