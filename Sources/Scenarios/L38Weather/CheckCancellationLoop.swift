/// L38 card 3: `try Task.checkCancellation()` ends a 100-lap loop soon after its task is cancelled at 150 ms.
/// `shape`: the lesson's loop; one that never acts on the cancellation (no `checkCancellation()`, `try?` around the
/// sleep, whose throw it swallows); one that never looks at all (no `checkCancellation()`, and a sleep no cancellation
/// reaches); and two whose sleep is swallowed so that only their look can end them — with `checkCancellation()`, or
/// with a plain `Task.isCancelled` test that ends the loop without throwing.
nonisolated(nonsending) public func checkCancellationLoop(_ shape: CheckCancellationShape = .checking) async -> String {
    let task = Task {
        var done = 0
        for _ in 1...100 {
            switch shape {
            case .checking:
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(10))
            case .swallowing:
                try? await Task.sleep(for: .milliseconds(10))
            case .neverLooks:
                // A detached task's sleep: the cancelled task's flag is not its flag, so nothing here looks.
                await Task.detached { try? await Task.sleep(for: .milliseconds(10)) }.value
            case .checkOnly:
                try Task.checkCancellation()
                try? await Task.sleep(for: .milliseconds(10))
            case .asksIsCancelled:
                if Task.isCancelled { return done }
                try? await Task.sleep(for: .milliseconds(10))
            }
            done += 1
        }
        return done
    }
    try? await Task.sleep(for: .milliseconds(150))
    task.cancel()
    do {
        return "finished: \(try await task.value)"
    } catch {
        return "stopped: \(error)"
    }
}

/// How the 100-lap loop treats cancellation.
public enum CheckCancellationShape: String, CaseIterable, Sendable, Decodable {
    /// `try Task.checkCancellation()` before each lap (the lesson).
    case checking
    /// No `checkCancellation()`, and `try?` around the sleep: the sleep looks and throws, and the loop swallows it.
    case swallowing
    /// No `checkCancellation()`, and a sleep in a detached task, which the cancellation does not reach: nothing in
    /// the loop ever looks at the flag.
    case neverLooks
    /// `try Task.checkCancellation()` before each lap, the sleep swallowed with `try?`: only the check can end it.
    case checkOnly
    /// `if Task.isCancelled { return }` before each lap, the sleep swallowed: it ends early, and throws nothing.
    case asksIsCancelled
}
