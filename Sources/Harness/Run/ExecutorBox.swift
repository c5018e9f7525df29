import Foundation

/// A task to cancel when the caller is cancelled, set once it exists.
///
/// `@unchecked Sendable`: `task` and `cancelled` are only touched under `lock`.
final class ExecutorBox: @unchecked Sendable {
    /// Guards the two properties.
    private let lock = OwnLocks.lock()
    /// The scenario's task, once created.
    private var task: Task<Void, Never>?
    /// Whether cancellation came before the task existed.
    private var cancelled = false

    /// Remembers the task, cancelling it at once if the caller already was.
    func set(_ task: Task<Void, Never>) {
        lock.lock()
        self.task = task
        let cancelNow = cancelled
        lock.unlock()
        if cancelNow { task.cancel() }
    }

    /// Cancels the task, now or as soon as it exists.
    func cancel() {
        lock.lock()
        cancelled = true
        let task = self.task
        lock.unlock()
        task?.cancel()
    }
}
