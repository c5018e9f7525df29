/// Whether a consumer's loop ended before and after the producer finished.
public struct ForgottenFinish: Sendable, Hashable {
    public var consumerEndedBeforeFinish: Bool, consumerEndedAfterFinish: Bool
}

/// The Q&A seed: a producer that stops yielding without `finish()` leaves its consumer waiting; `finish()` ends it.
/// `.finishedAfterLast`, the quiz's control: the producer remembers `finish()` right after its last value.
nonisolated(nonsending) public func forgottenFinish(_ shape: FinishShape = .forgotten) async -> ForgottenFinish {
    let finishedAfterLast = shape == .finishedAfterLast
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let ended = Shared(false)
    let consumer = Task {
        for await _ in stream {}
        ended.update { $0 = true }
    }
    continuation.yield(1)
    if finishedAfterLast { continuation.finish() }
    try? await Task.sleep(for: .milliseconds(200))
    let before = ended.value
    continuation.finish()
    await consumer.value
    return ForgottenFinish(consumerEndedBeforeFinish: before, consumerEndedAfterFinish: ended.value)
}

/// Whether the producer finishes its stream.
public enum FinishShape: String, CaseIterable, Sendable, Decodable {
    /// It stops yielding without `finish()` (the seed's mistake, which the claim is about).
    case forgotten
    /// It calls `finish()` right after its last value, the control.
    case finishedAfterLast
}
