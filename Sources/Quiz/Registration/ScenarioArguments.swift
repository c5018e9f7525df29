import Harness

/// The arguments of one run: the bank's values over the scenario's defaults.
public struct ScenarioArguments: Sendable {
    /// Every parameter's value.
    public var values: [String: ScenarioArgument]
    /// The run's pace: virtual under seeds, real under strict and system, where a scenario may want wider margins.
    public var pace: Pace = .real

    /// The arguments made of `defaults` overridden by `given`.
    public init(defaults: [String: ScenarioArgument], given: [String: ScenarioArgument]) {
        values = defaults.merging(given) { _, given in given }
    }

    /// A whole-number argument (the loader checked its kind against the default).
    public func int(_ name: String) -> Int {
        guard case .int(let value) = values[name] else { preconditionFailure("no whole-number argument \(name)") }
        return value
    }

    /// A string argument (the loader checked its kind against the default).
    public func string(_ name: String) -> String {
        guard case .string(let value) = values[name] else { preconditionFailure("no string argument \(name)") }
        return value
    }

    /// A string argument naming one of `T`'s cases — a control's counterfactual shape; a name `T` lacks throws.
    public func choice<T: RawRepresentable & CaseIterable>(_ type: T.Type, _ name: String = "shape") throws -> T
        where T.RawValue == String
    {
        let text = string(name)
        guard let value = T(rawValue: text) else {
            throw BadScenarioInput(scenario: "\(T.self)", parameter: name, value: text,
                                      expected: "one of " + T.allCases.map(\.rawValue).joined(separator: ", "))
        }
        return value
    }
}
