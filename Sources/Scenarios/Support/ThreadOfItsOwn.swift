import Foundation

/// Runs `body` on a thread of its own and returns its result to the awaiting task.
@concurrent func onAThreadOfItsOwn<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(returning: body())
        }
    }
}
