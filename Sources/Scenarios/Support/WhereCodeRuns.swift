import Foundation

// Where code runs, observed at run time: the main thread, the label of the dispatch queue running it.

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
