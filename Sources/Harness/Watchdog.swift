import Foundation

/// One thread that looks at every running harness executor twenty times a second, and fails a run
/// whose thread is blocked or whose time is up.
///
/// It must be a thread of its own: a blocked harness thread cannot report itself, and the shared
/// pool may be blocked too (that is what the blocked-pool lessons are about).
final class Watchdog: @unchecked Sendable {
    // @unchecked Sendable: `watched` is only touched under `lock`.

    /// The process's one watchdog.
    static let shared = Watchdog()

    /// Guards `watched`.
    private let lock = NSLock()
    /// The executors being watched.
    private var watched: [ObjectIdentifier: OneThreadExecutor] = [:]

    /// Starts the watchdog's thread.
    private init() {
        let thread = Thread { [unowned self] in
            while true {
                Thread.sleep(forTimeInterval: 0.05)
                self.look()
            }
        }
        thread.name = "harness watchdog"
        thread.start()
    }

    /// Watches `executor` until its run is over.
    func watch(_ executor: OneThreadExecutor) {
        lock.lock()
        watched[ObjectIdentifier(executor)] = executor
        lock.unlock()
    }

    /// Checks every executor and forgets those whose run is over.
    private func look() {
        lock.lock()
        let executors = Array(watched.values)
        lock.unlock()
        for executor in executors where executor.watchdogCheck() {
            lock.lock()
            watched[ObjectIdentifier(executor)] = nil
            lock.unlock()
        }
    }
}
