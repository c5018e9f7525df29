/// L38 card 3: `try Task.checkCancellation()` ends a 100-lap loop soon after its task is cancelled at 150 ms.
/// `.swallowing`, the control: no `checkCancellation()`, and `try?` around the sleep.
nonisolated(nonsending) public func checkCancellationLoop(_ shape: CheckCancellationShape = .checking) async -> String {
    let swallowing = shape == .swallowing
    let task = Task {
        var done = 0
        for _ in 1...100 {
            if swallowing {
                try? await Task.sleep(for: .milliseconds(10))
            } else {
                try Task.checkCancellation()
                try await Task.sleep(for: .milliseconds(10))
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
    /// No `checkCancellation()`, and `try?` around the sleep: the control.
    case swallowing
}
