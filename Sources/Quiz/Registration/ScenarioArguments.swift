import ConcurrencyHarness

/// The arguments of one run as the bank gives them: its values over the scenario's defaults, and the run's pace. A
/// typed registration reads them as its `ScenarioInput`.
public struct ScenarioArguments: Sendable {
    /// Every parameter's value.
    public var values: [String: ScenarioArgument]
    /// The run's pace: virtual under seeds, real under strict and system, where a scenario may want wider margins.
    public var pace: Pace = .real

    /// The arguments made of `defaults` overridden by `given`.
    public init(defaults: [String: ScenarioArgument], given: [String: ScenarioArgument]) {
        values = defaults.merging(given) { _, given in given }
    }
}
