import Synchronization

/// A value that closures on several threads share: a `Mutex` in a class, so that escaping closures can capture it
/// (a `Mutex` itself cannot be copied into them).
public final class Shared<Value: Sendable>: Sendable {
    /// The value, behind its lock.
    private let storage: Mutex<Value>

    /// A shared `value`.
    public init(_ value: Value) {
        storage = Mutex(value)
    }

    /// The value now.
    public var value: Value {
        storage.withLock { $0 }
    }

    /// Changes the value under the lock.
    public func update(_ change: (inout Value) -> Void) {
        storage.withLock { change(&$0) }
    }

    /// Changes the value under the lock, and returns it as the change left it: one step, so that two threads each
    /// see their own result.
    public func updated(_ change: (inout Value) -> Void) -> Value {
        storage.withLock {
            change(&$0)
            return $0
        }
    }
}
