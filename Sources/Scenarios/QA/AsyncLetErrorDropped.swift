/// Whether the child of an `async let` threw, and how the scope around it ended.
public struct DroppedError: Sendable, Hashable {
    public var childThrew: Bool, scope: String
}

/// The Q&A seed: an `async let` you never await still runs, and its error is silently dropped — the child throws
/// `Offline`, and the scope that never awaits it ends normally. `shape`, the quiz's controls: `.awaited`, the same
/// child awaited with `try`, so its error reaches the scope's `catch`; `.closureNeverCalled`, the picture of an
/// `async let` as a lazy value — the same work in a closure that runs only when asked, and is never asked.
nonisolated(nonsending) public func asyncLetErrorDropped(_ shape: DroppedErrorShape = .neverAwaited) async -> DroppedError {
    let threw = Shared(false)
    /// The child: it throws at once, and says so.
    nonisolated(nonsending) func failing() async throws -> Int {
        threw.update { $0 = true }
        throw Offline()
    }
    let scope: String
    do {
        switch shape {
        case .awaited:
            async let value = failing()
            _ = try await value
        case .neverAwaited:
            async let _ = failing()
        case .closureNeverCalled:
            let value = { try await failing() }
            _ = value
        }
        scope = "ended normally"
    } catch {
        scope = "threw \(error)"
    }
    return DroppedError(childThrew: threw.value, scope: scope)
}

/// What the scope does with its throwing child.
public enum DroppedErrorShape: String, CaseIterable, Sendable, Decodable {
    /// An `async let` it ends without awaiting (the seed).
    case neverAwaited
    /// The same `async let`, awaited with `try`, a control.
    case awaited
    /// The child's work in a closure that is never called, a control: a lazy value runs nothing until asked.
    case closureNeverCalled
}
