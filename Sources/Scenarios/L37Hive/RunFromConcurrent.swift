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
/// `.wrong`, the quiz's control: both made on no actor, with no hop.
@concurrent func reportFromThePool(_ shape: LessonShape = .lesson) async -> (String, String) {
    let wrong = shape == .wrong
    if wrong { return (reportAnywhere(), reportAnywhere()) }
    let direct = await report()
    let run = await MainActor.run { report() }
    return (direct, run)
}

/// Where both reports ran.
public struct ReportsFromThePool: Sendable, Hashable {
    public var direct: String, run: String
}

/// L37 card 21: `await report()` from @concurrent code is `await MainActor.run { report() }`: both on MainActor.
nonisolated(nonsending) public func runFromConcurrent(_ shape: LessonShape = .lesson) async -> ReportsFromThePool {
    let (direct, run) = await reportFromThePool(shape)
    return ReportsFromThePool(direct: direct, run: run)
}
