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

/// How two calls reach the call log.
public enum CallShape: String, CaseIterable, Sendable {
    /// Two `async let`s: both at once.
    case atOnce
    /// The second after the first returned.
    case oneAfterAnother
}
