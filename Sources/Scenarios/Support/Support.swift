import Dispatch
import Foundation
import Harness
import Synchronization

/// Whether this code runs on the process's main thread. Synchronous, because Swift 6 refuses the question in
/// `async` code (the answer can change at every await); on no actor, so it answers for whoever calls it.
public func onMainThread() -> Bool {
    Thread.isMainThread
}

/// The label of the dispatch queue running this code: "com.apple.main-thread" for the main queue.
///
/// Apple's SDK calls it `__dispatch_queue_get_label(nil)`; Linux's Dispatch module does not export the C function,
/// so it is looked up by name in the running process (libdispatch is always loaded).
public func currentQueueLabel() -> String {
    queueLabel(of: nil)
}

/// The label of `queue` (a `dispatch_queue_t`), or of the current queue for nil.
func queueLabel(of queue: OpaquePointer?) -> String {
    typealias GetLabel = @convention(c) (OpaquePointer?) -> UnsafePointer<CChar>?
    #if os(Linux)
    let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
    #else
    let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everywhere, "dispatch_queue_get_label") else { return "?" }
    let getLabel = unsafeBitCast(symbol, to: GetLabel.self)
    return getLabel(queue).map { String(cString: $0) } ?? ""
}

/// Whether this code runs on the main dispatch queue, the main actor's executor.
public func onMainQueue() -> Bool {
    currentQueueLabel() == "com.apple.main-thread"
}

/// Keeps the thread busy for `duration` of real time: arithmetic, with nothing to wait for. Synchronous and on
/// no actor: it computes wherever its caller is.
public func spin(for duration: Duration) {
    let end = ContinuousClock.now + duration
    var grains = 0
    while ContinuousClock.now < end {
        if sin(Double(grains)) > 0.999 { grains += 1 } else { grains += 2 }
    }
}

/// Scenario time in whole milliseconds: virtual under a seed, real otherwise.
public func scenarioMilliseconds() -> Int {
    let (seconds, attoseconds) = ScenarioClock.elapsed.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}

/// The error the lessons' requests fail with.
public struct QuizOffline: Error, Hashable, CustomStringConvertible {
    /// A failure.
    public init() {}
    public var description: String { "Offline()" }
}

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
}
