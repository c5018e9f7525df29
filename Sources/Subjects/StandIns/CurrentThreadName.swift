import Foundation
import Synchronization

/// The names that `ThreadExecutor`s gave their threads, by thread.
private let namedThreads = Mutex<[UInt64: String]>([:])

/// The running thread, as a number that is unique among the threads alive now (read afresh: see `threadNumber()`).
private func currentThreadKey() -> UInt64 {
    threadNumber()
}

/// The name of the thread running this code: "trips.shop" on a `ThreadExecutor` named so; for other threads, what
/// Foundation knows of them ("" if nothing). Synchronous, so it answers for whoever calls it — in `async` code the
/// thread can change at every `await`.
///
/// The executors' names are kept here rather than asked of Foundation: on Linux `Thread.current.name` does not
/// always report a name its thread gave itself.
public func currentThreadName() -> String {
    let key = currentThreadKey()
    if let name = namedThreads.withLock({ $0[key] }) {
        return name
    }
    return Thread.current.name ?? ""
}

/// Names the thread running this code, until `forgetCurrentThreadName()`; the thread itself must call it.
func nameCurrentThread(_ name: String) {
    let key = currentThreadKey()
    namedThreads.withLock { $0[key] = name }
}

/// Forgets the running thread's name, as it ends (a later thread may get the same number).
func forgetCurrentThreadName() {
    let key = currentThreadKey()
    _ = namedThreads.withLock { $0.removeValue(forKey: key) }
}
