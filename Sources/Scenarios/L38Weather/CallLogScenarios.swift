import ConcurrencyProofsSubjects

/// Lesson 38, the trick card "Does an actor finish one call before it starts the next?": two calls into one
/// `CallLog` at once (two `async let`s, "first" started first). Returns the log. Not across an await:
/// `["first begins", "second begins", "first ends", "second ends"]` — at the await the actor took the next call.
@concurrent
public func twoCallsAtOnce() async -> [String] {
    let log = CallLog()
    async let first: Void = log.call("first")
    async let second: Void = log.call("second")
    _ = await (first, second)
    return await log.entries
}

/// The control for `twoCallsAtOnce`: the second call starts after the first returned, so nothing interleaves.
@concurrent
public func twoCallsOneAfterAnother() async -> [String] {
    let log = CallLog()
    await log.call("first")
    await log.call("second")
    return await log.entries
}

/// The trick card's two calls at once into one `CallLog`, each a method with an await inside (the lesson), or with no
/// await inside (the control): only an await lets the actor take the other call in the middle of one.
@concurrent
public func twoCalls(_ shape: CallShape) async -> [String] {
    switch shape {
    case .awaitInside: return await twoCallsAtOnce()
    case .noAwaitInside:
        let log = CallLog()
        async let first: Void = log.callInOneStretch("first")
        async let second: Void = log.callInOneStretch("second")
        _ = await (first, second)
        return await log.entries
    }
}

/// What the actor's method does between its two lines.
public enum CallShape: String, CaseIterable, Sendable, Decodable {
    /// It awaits a sleep (the lesson's `CallLog.call`).
    case awaitInside
    /// It holds its thread for the same time, with no await (`CallLog.callInOneStretch`).
    case noAwaitInside
}
