import Dispatch
import ConcurrencyProofsSubjects

/// A report made on the main actor: where it ran, observed (the main queue or another).
@MainActor func report() -> String {
    queuePlace()
}

/// The quiz's control: the same report on no actor.
func reportAnywhere() -> String {
    queuePlace()
}

/// The report from @concurrent code: called directly (the compiler's await is the hop), and through MainActor.run;
/// then where the rest of the function runs. `.noHop`, a control: both reports made on no actor, with no hop.
/// `.noWayBack`, a control for the way back: the rest of the function written inside a `DispatchQueue.main.async`
/// block, GCD's hop, which has no way back.
@concurrent func reportFromThePool(_ shape: ReportShape = .onTheMainActor) async -> (String, String, String) {
    if shape == .noHop { return (reportAnywhere(), reportAnywhere(), queuePlace()) }
    let direct = await report()
    let run = await MainActor.run { report() }
    if shape == .noWayBack {
        let rest = await withCheckedContinuation { done in
            DispatchQueue.main.async { done.resume(returning: queuePlace()) }
        }
        return (direct, run, rest)
    }
    return (direct, run, queuePlace())
}

/// Where the reports are made.
public enum ReportShape: String, CaseIterable, Sendable, Decodable {
    /// On the main actor, by a direct call and through `MainActor.run` (the lesson).
    case onTheMainActor
    /// On no actor, with no hop, the control.
    case noHop
    /// As the lesson, but the rest of the function after the hops written inside `DispatchQueue.main.async`, the
    /// control for "and back".
    case noWayBack
}

/// Where both reports ran, and where the @concurrent function went on after them.
public struct ReportsFromThePool: Sendable, Hashable {
    public var direct: String, run: String
    /// Where the code after the hops ran: back on the pool ("another queue"), or on the main queue.
    public var after: String
}

/// L37 card 21: `await report()` from @concurrent code is `await MainActor.run { report() }`: both on MainActor, and
/// both come back: the rest of the function runs on the pool again.
nonisolated(nonsending) public func runFromConcurrent(
    _ shape: ReportShape = .onTheMainActor
) async -> ReportsFromThePool {
    let (direct, run, after) = await reportFromThePool(shape)
    return ReportsFromThePool(direct: direct, run: run, after: after)
}
