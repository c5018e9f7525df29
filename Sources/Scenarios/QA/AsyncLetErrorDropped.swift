/// Whether the child of an `async let` threw, and how the scope around it ended.
public struct DroppedError: Sendable, Hashable {
    public var childThrew: Bool, scope: String
}

/// The Q&A seed: an `async let` you never await still runs, and its error is silently dropped — the child throws
/// `Offline`, and the scope that never awaits it ends normally. `.awaited`, the control: the same child awaited with
/// `try`, so its error reaches the scope's `catch`.
nonisolated(nonsending) public func asyncLetErrorDropped(_ shape: AwaitShape = .neverAwaited) async -> DroppedError {
    let threw = Shared(false)
    /// The child: it throws at once, and says so.
    nonisolated(nonsending) func failing() async throws -> Int {
        threw.update { $0 = true }
        throw Offline()
    }
    let scope: String
    do {
        if shape == .awaited {
            async let value = failing()
            _ = try await value
        } else {
            async let _ = failing()
        }
        scope = "ended normally"
    } catch {
        scope = "threw \(error)"
    }
    return DroppedError(childThrew: threw.value, scope: scope)
}
