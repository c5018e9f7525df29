/// A scenario the bank names that another part of the package is still writing: its entries are "not covered"
/// until it lands.
public struct PendingScenario: Sendable {
    /// The name the bank uses.
    public var name: String
    /// The values it will report.
    public var observes: [String]
    /// The arguments it will take.
    public var parameters: [String: ScenarioArgument]
    /// Who is writing it: `issue 4 (CancellationTests)`.
    public var awaiting: String

    /// A scenario still to come from `awaiting`.
    public init(_ name: String, observes: [String], parameters: [String: ScenarioArgument] = [:], awaiting: String) {
        self.name = name
        self.observes = observes
        self.parameters = parameters
        self.awaiting = awaiting
    }
}
