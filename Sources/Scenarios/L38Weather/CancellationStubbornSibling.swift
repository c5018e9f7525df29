/// Lesson 38 question 1: two `async let` children; one throws after `failAfter`, the other is busy for `busyFor` and
/// never looks at cancellation. Returns the console. The error reaches the caller only after the busy sibling has
/// finished: "failing threw Offline()", "busy finished (cancelled: true)", "the error reached the caller". The lesson's
/// busy child spins on the clock; here it waits on a task that nothing cancels, which takes the same time in a run with
/// virtual time and, like the spin, does not look at cancellation. `.unstructuredTask`, the quiz's control: the busy
/// sibling is a `Task { }`, which nothing waits for when the error comes. `.honoursCancellation`: the busy sibling is
/// an `async let` whose wait a cancellation ends, so the scope's implicit cancel lets the error through almost at once.
nonisolated(nonsending) public func errorWaitsForStubbornSibling(
    failAfter: Duration = .milliseconds(100), busyFor: Duration = .seconds(1), shape: SiblingShape = .asyncLet
) async -> [String] {
    let unstructured = shape == .unstructuredTask
    let log = EventLog()
    /// The busy sibling: it computes, on the pool (`@concurrent`), and never looks at cancellation — or, as
    /// `.honoursCancellation`, waits with a `Task.sleep` of its own, which a cancellation ends.
    @concurrent func busy() async -> String {
        if shape == .honoursCancellation {
            try? await Task.sleep(for: busyFor)
        } else {
            await Task.detached { try? await Task.sleep(for: busyFor) }.value
        }
        log.record("busy finished (cancelled: \(Task.isCancelled))")
        return "busy finished"
    }
    /// The failing sibling: it waits, then throws `Offline`. It only waits, so it stays on its caller.
    nonisolated(nonsending) func failing() async throws -> String {
        try await Task.sleep(for: failAfter)
        log.record("failing threw \(Offline())")
        throw Offline()
    }
    if unstructured {
        let a = Task { await busy() }
        do {
            log.record("both answered: \(try await failing()), \(await a.value)")
        } catch {
            log.record("the error reached the caller")
        }
        // Not awaited: the control returns while the busy task goes on (the harness drains it).
        return log.entries
    }
    do {
        async let a = busy()
        async let b = failing()
        log.record("both answered: \(try await b), \(await a)")
    } catch {
        log.record("the error reached the caller")
    }
    return log.entries
}

/// What the busy sibling is.
public enum SiblingShape: String, CaseIterable, Sendable, Decodable {
    /// An `async let` child, which the scope waits for (the lesson).
    case asyncLet
    /// A `Task { }`, the control: nothing waits for it when the error comes.
    case unstructuredTask
    /// An `async let` child that honours cancellation: the scope still waits for it, but it ends at once.
    case honoursCancellation
}
