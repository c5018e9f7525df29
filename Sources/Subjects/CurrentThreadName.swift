import Foundation

/// The name of the thread running this code: "trips.shop" on a `ThreadExecutor` named so, "" on an unnamed thread.
/// Synchronous, so it answers for whoever calls it — in `async` code the thread can change at every `await`.
public func currentThreadName() -> String {
    Thread.current.name ?? ""
}
