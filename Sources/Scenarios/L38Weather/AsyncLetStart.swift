/// The lines of L38 card 12, and when the child started.
public struct AsyncLetStart: Sendable, Hashable {
    public var events: [String], childStartedAtMs: Int
}

/// L38 card 12: the child of an async let starts at the declaration. The parent does 100 ms of other awaited work
/// before it says "about to await" (on one thread a child cannot print before its parent suspends).
/// `.closureAtTheAwait`, the control: the work is a closure called at the await, not a child started at the
/// declaration.
nonisolated(nonsending) public func asyncLetStartsAtDeclaration(
    _ shape: AsyncLetStartShape = .asyncLet
) async -> AsyncLetStart {
    let closureAtTheAwait = shape == .closureAtTheAwait
    let log = EventLog()
    let started = Shared(-1)
    @Sendable nonisolated(nonsending) func seattle() async -> String {
        log.record("started Seattle")
        started.update { $0 = scenarioMilliseconds() }
        try? await Task.sleep(for: .milliseconds(300))
        return "Seattle"
    }
    let answer: String
    if closureAtTheAwait {
        try? await Task.sleep(for: .milliseconds(100))
        log.record("about to await")
        answer = await seattle()
    } else {
        async let child = seattle()
        try? await Task.sleep(for: .milliseconds(100))
        log.record("about to await")
        answer = await child
    }
    log.record("got \(answer)")
    return AsyncLetStart(events: log.entries, childStartedAtMs: started.value)
}

/// How the Seattle work is started.
public enum AsyncLetStartShape: String, CaseIterable, Sendable, Decodable {
    /// An `async let` child, started at its declaration (the lesson).
    case asyncLet
    /// A closure called at the await, the control: nothing starts before it.
    case closureAtTheAwait
}
