/// How long the async let line took, how long its read took, and what it read; and how long a read took that came
/// 400 ms after its line.
public struct LineAndRead: Sendable, Hashable {
    public var lineTookMs: Int, readTookMs: Int, value: String
    /// A second `async let` of the same errand, read after the caller has slept 400 ms: the read waits only for what
    /// is left of the errand's second if the errand started at the line.
    public var readAfterAPauseTookMs: Int
}

/// A one-second errand that reports whether it was cancelled.
nonisolated(nonsending) func errand() async -> String {
    do {
        try await Task.sleep(for: .seconds(1))
        return "done"
    } catch {
        return "cancelled"
    }
}

/// L37 card 17: `async let x = errand()` costs nothing by itself; `await x` waits while the slot is empty — and only
/// then: an errand started at its line and read 400 ms later keeps its reader 600 ms.
/// `.awaitedOnTheLine`, a control: `let x = await errand()` on the line. `.startedAtTheRead`, a control for the
/// second read: the errand is a closure called at the read, so it starts there and the read waits its whole second.
nonisolated(nonsending) public func asyncLetLineAndRead(_ shape: AsyncLetLineShape = .asyncLet) async -> LineAndRead {
    let before = scenarioMilliseconds()
    let lineTook: Int, value: String
    if shape == .awaitedOnTheLine {
        let x = await errand()
        lineTook = scenarioMilliseconds() - before
        value = x
    } else {
        async let x = errand()
        lineTook = scenarioMilliseconds() - before
        value = await x
    }
    let readTook = scenarioMilliseconds() - before - lineTook
    let pauseTook: Int
    if shape == .startedAtTheRead {
        let y = { await errand() }
        try? await Task.sleep(for: .milliseconds(400))
        let readStarts = scenarioMilliseconds()
        _ = await y()
        pauseTook = scenarioMilliseconds() - readStarts
    } else {
        async let y = errand()
        try? await Task.sleep(for: .milliseconds(400))
        let readStarts = scenarioMilliseconds()
        _ = await y
        pauseTook = scenarioMilliseconds() - readStarts
    }
    return LineAndRead(lineTookMs: lineTook, readTookMs: readTook, value: value, readAfterAPauseTookMs: pauseTook)
}

/// How the errand is started.
public enum AsyncLetLineShape: String, CaseIterable, Sendable, Decodable {
    /// `async let x = errand()` (the lesson).
    case asyncLet
    /// `let x = await errand()` on the line, the control for the first read.
    case awaitedOnTheLine
    /// The second errand as a closure called at its read, the control for the read after a pause: it starts there.
    case startedAtTheRead
}
