import Subjects

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

/// The trick card's two calls in `shape`: at once, or the second after the first returned.
@concurrent
public func twoCalls(_ shape: AtOnceShape) async -> [String] {
    switch shape {
    case .atOnce: await twoCallsAtOnce()
    case .oneAfterAnother: await twoCallsOneAfterAnother()
    }
}
