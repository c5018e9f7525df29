import Subjects

/// A report made on the main actor: where it ran, observed (the main queue or another).
@MainActor func report() -> String {
    queuePlace()
}

/// The quiz's control: the same report on no actor.
func reportAnywhere() -> String {
    queuePlace()
}

/// The report from @concurrent code: called directly (the compiler's await is the hop), and through MainActor.run.
/// `.noHop`, the quiz's control: both made on no actor, with no hop.
@concurrent func reportFromThePool(_ shape: ReportShape = .onTheMainActor) async -> (String, String) {
    let noHop = shape == .noHop
    if noHop { return (reportAnywhere(), reportAnywhere()) }
    let direct = await report()
    let run = await MainActor.run { report() }
    return (direct, run)
}

/// Where the reports are made.
public enum ReportShape: String, CaseIterable, Sendable, Decodable {
    /// On the main actor, by a direct call and through `MainActor.run` (the lesson).
    case onTheMainActor
    /// On no actor, with no hop, the control.
    case noHop
}

/// Where both reports ran.
public struct ReportsFromThePool: Sendable, Hashable {
    public var direct: String, run: String
}

/// L37 card 21: `await report()` from @concurrent code is `await MainActor.run { report() }`: both on MainActor.
nonisolated(nonsending) public func runFromConcurrent(
    _ shape: ReportShape = .onTheMainActor
) async -> ReportsFromThePool {
    let (direct, run) = await reportFromThePool(shape)
    return ReportsFromThePool(direct: direct, run: run)
}
