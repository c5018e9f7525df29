/// The counterfactual a claim must fail against: the lesson's wrong shape, a breakage, the scenario with its
/// property removed — or, where none can exist, why.
public enum Control<Outcome: Sendable>: Sendable {
    /// Runs `body` instead of the claim's scenario, under the same schedules and paces (`Pace.current`); the
    /// expectation must miss.
    case counterfactual(String, @Sendable () async throws -> Outcome)
    /// No counterfactual exists: the claim is reported as unguarded, with this reason.
    case none(why: String)
}
