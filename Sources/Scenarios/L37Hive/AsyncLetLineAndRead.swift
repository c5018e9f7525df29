/// How long the async let line took, how long its read took, and what it read.
public struct LineAndRead: Sendable, Hashable {
    public var lineTookMs: Int, readTookMs: Int, value: String
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

/// L37 card 17: `async let x = errand()` costs nothing by itself; `await x` waits while the slot is empty.
/// `.awaitedOnTheLine`, the control: `let x = await errand()` on the line.
nonisolated(nonsending) public func asyncLetLineAndRead(_ shape: AsyncLetLineShape = .asyncLet) async -> LineAndRead {
    let awaitedOnTheLine = shape == .awaitedOnTheLine
    let before = scenarioMilliseconds()
    if awaitedOnTheLine {
        let x = await errand()
        let lineTook = scenarioMilliseconds() - before
        return LineAndRead(lineTookMs: lineTook, readTookMs: scenarioMilliseconds() - before - lineTook, value: x)
    }
    async let x = errand()
    let lineTook = scenarioMilliseconds() - before
    let value = await x
    return LineAndRead(lineTookMs: lineTook, readTookMs: scenarioMilliseconds() - before - lineTook, value: value)
}

/// How the errand is started.
public enum AsyncLetLineShape: String, CaseIterable, Sendable, Decodable {
    /// `async let x = errand()` (the lesson).
    case asyncLet
    /// `let x = await errand()` on the line, the control.
    case awaitedOnTheLine
}
