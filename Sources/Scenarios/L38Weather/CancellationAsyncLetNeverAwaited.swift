/// Lesson 38 question 2: a scope starts an `async let` child that naps for `childNap`, and ends without awaiting it.
/// Returns the console: the lesson printed "leaving the scope without awaiting", "child stopped by
/// CancellationError()", "after the scope" — the closing brace cancelled the child, then waited for it.
/// `.awaited`: the async let is awaited before the scope ends. `.unstructuredTask`, the quiz's control: the child is
/// a `Task { }` the scope never awaits, which nothing cancels or waits for as the scope ends.
nonisolated(nonsending) public func asyncLetNeverAwaited(childNap: Duration = .seconds(1), shape: AwaitShape = .neverAwaited) async
    -> [String]
{
    let awaited = shape == .awaited
    let log = EventLog()
    /// The child: a nap that says how it ended. It only waits, so it stays on its caller's actor.
    @Sendable nonisolated(nonsending) func child() async -> String {
        do {
            try await Task.sleep(for: childNap)
            log.record("child finished")
            return "done"
        } catch {
            log.record("child stopped by \(error)")
            return "stopped"
        }
    }
    if awaited {
        async let result = child()
        log.record("leaving the scope without awaiting")
        _ = await result
    } else if shape == .unstructuredTask {
        // Never awaited: the scope returns while the nap goes on (the harness drains it).
        _ = Task { await child() }
        log.record("leaving the scope without awaiting")
    } else {
        // `_`: the lesson's `result` is never read, and the compiler warns about an unused name
        async let _ = child()
        log.record("leaving the scope without awaiting")
    }
    log.record("after the scope")
    return log.entries
}

/// Whether the scope awaits its `async let` child.
public enum AwaitShape: String, CaseIterable, Sendable, Decodable {
    /// It ends without awaiting it (the lesson).
    case neverAwaited
    /// It awaits the child first.
    case awaited
    /// The child is a `Task { }` it never awaits, the control: nothing cancels it or waits for it.
    case unstructuredTask
}
