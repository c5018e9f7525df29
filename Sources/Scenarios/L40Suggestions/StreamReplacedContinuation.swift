import ConcurrencyProofsSubjects

/// Lesson 40 question 2's program, for either source: a first loop over `values()`, a second loop over a new
/// `values()`, then 1 and 2 sent and `stop()`. If `cancelFirst`, the first loop's task is cancelled once the second
/// loop has ended; otherwise it is simply awaited — which, for a stranded loop, is forever. Everything runs on the
/// main actor, one job at a time in the order they arrive; `Task.yield()` lets each loop reach its `await` (the
/// lesson slept a tenth of a second for that).
@MainActor
func replacedContinuationProgram(
    values: @escaping @MainActor () -> AsyncStream<Int>, send: (Int) -> Void, stop: () -> Void, cancelFirst: Bool
) async -> [String] {
    let log = EventLog()
    let first = Task { @MainActor in
        var got: [Int] = []
        for await n in values() { got.append(n) }
        log.record("the first loop ended, with \(got)")
    }
    await Task.yield()
    let second = Task { @MainActor in
        var got: [Int] = []
        for await n in values() { got.append(n) }
        log.record("the second loop ended, with \(got)")
    }
    await Task.yield()
    send(1)
    send(2)
    stop()
    await second.value
    if cancelFirst {
        await Task.yield()
        log.record("after stop(), the first loop is still waiting")
        first.cancel()
    }
    await first.value
    return log.entries
}

/// Lesson 40 question 2 in `shape`. With `Source`, which replaces its one continuation without finishing it, the
/// second call of `values()` strands the first loop: nothing can yield to its stream or finish it. `.cancelFirst`: the
/// console is "the second loop ended, with [1, 2]", "after stop(), the first loop is still waiting", "the first loop
/// ended, with []" (the lesson waited half a second before cancelling); `.keepFirst`: the scenario awaits the first
/// loop and never finishes — a deadlock for the harness. `.finishOld`, the lesson's fix: with `FinishingSource` the
/// first loop ends — with nothing — as soon as the second `values()` replaces its stream, and the scenario finishes
/// without cancelling anybody: "the first loop ended, with []", "the second loop ended, with [1, 2]".
@MainActor public func streamReplacedContinuation(_ shape: ReplaceShape) async -> [String] {
    switch shape {
    case .cancelFirst, .keepFirst:
        let source = Source()
        return await replacedContinuationProgram(
            values: { source.values() }, send: { source.send($0) }, stop: { source.stop() },
            cancelFirst: shape == .cancelFirst)
    case .finishOld:
        let source = FinishingSource()
        return await replacedContinuationProgram(
            values: { source.values() }, send: { source.send($0) }, stop: { source.stop() }, cancelFirst: false)
    }
}

/// A stream's continuation replaced while a loop reads.
public enum ReplaceShape: String, CaseIterable, Sendable, Decodable {
    /// `Source`; `stop()`, then the first loop's task is cancelled.
    case cancelFirst
    /// `Source`; nothing ends the first loop.
    case keepFirst
    /// The lesson's fix: `FinishingSource` finishes the old continuation before replacing it.
    case finishOld
}
