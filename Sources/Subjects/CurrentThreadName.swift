import Foundation

/// The name of the thread running this code: "trips.shop" on a `ThreadExecutor` named so.
/// Synchronous, so it answers for whoever calls it — in `async` code the thread can change at every `await`.
public func currentThreadName() -> String {
    Thread.current.name ?? ""
}

/// Names the thread running this code. It must be the thread itself that does it: on Linux a new thread starts with
/// its creator's name, and a name given to a `Thread` before it starts does not reach the system's thread.
func nameCurrentThread(_ name: String) {
    Thread.current.name = name
}
