import Dispatch
import Foundation
import Synchronization

/// One thread of its own that runs the closures it is given, in order, until it is stopped: the part shared by
/// `ThreadExecutor` and `ThreadTaskExecutor`. The thread sleeps on a semaphore, signalled once for each closure.
final class WorkThread: Sendable {
    /// The closures not yet run; nil is the order to stop.
    private let pending = Mutex<[(@Sendable () -> Void)?]>([])
    /// Signalled once per closure.
    private let wake = DispatchSemaphore(value: 0)
    /// The thread, once it runs (`checkIsolated` compares with it).
    private let thread = Mutex<Thread?>(nil)

    /// Starts a thread named `name`.
    init(name: String) {
        let started = DispatchSemaphore(value: 0)
        // The thread keeps its WorkThread until it is stopped: a shared one lives as long as the process.
        let thread = Thread { [self] in
            self.thread.withLock { $0 = Thread.current }
            started.signal()
            while true {
                wake.wait()
                guard let closure = pending.withLock({ $0.removeFirst() }) else { return }
                closure()
            }
        }
        thread.name = name
        thread.start()
        started.wait()
    }

    /// Runs `closure` on the thread, after what is queued.
    func submit(_ closure: @escaping @Sendable () -> Void) {
        pending.withLock { $0.append(closure) }
        wake.signal()
    }

    /// Ends the thread after what is queued.
    func stop() {
        pending.withLock { $0.append(nil) }
        wake.signal()
    }

    /// Whether the calling thread is this one.
    var isCurrent: Bool { thread.withLock { $0 } === Thread.current }
}

/// A serial executor with a thread of its own: how code gives an actor a dedicated thread (a database connection, an
/// engine that must be called from one thread). Made once and kept, or made for a piece of work and stopped after.
final class ThreadExecutor: SerialExecutor, Sendable {
    /// The thread.
    private let thread: WorkThread

    /// A thread named `name`, started now.
    init(name: String) { thread = WorkThread(name: name) }

    /// Runs `job` on the thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        thread.submit { job.runSynchronously(on: executor) }
    }

    /// Runs `closure` on the thread, after what is queued: a callback delivered where the actor runs.
    func perform(_ closure: @escaping @Sendable () -> Void) { thread.submit(closure) }

    /// Ends the thread after what is queued.
    func stop() { thread.stop() }

    /// `assumeIsolated` passes on this executor's thread, as a dedicated thread's callbacks need.
    func checkIsolated() {
        precondition(thread.isCurrent, "not on the executor's thread")
    }
}

/// A task executor with a thread of its own, for `withTaskExecutorPreference` and `addTask(executorPreference:)`.
final class ThreadTaskExecutor: TaskExecutor, Sendable {
    /// The thread.
    private let thread: WorkThread

    /// A thread named `name`, started now.
    init(name: String) { thread = WorkThread(name: name) }

    /// Runs `job` on the thread.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        thread.submit { job.runSynchronously(on: executor) }
    }

    /// Ends the thread after what is queued.
    func stop() { thread.stop() }
}

/// A serial executor on a Dispatch queue that says, for `assumeIsolated`, when code runs on that queue: how code on
/// Linux gives an actor "a queue of its own" whose legacy callbacks also arrive on that queue.
final class CheckedQueueExecutor: SerialExecutor, Sendable {
    /// The queue the jobs (and the callbacks) run on.
    let queue: DispatchQueue

    /// An executor on a new serial queue labelled `label`.
    init(label: String) { queue = DispatchQueue(label: label) }

    /// Runs `job` on the queue.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    /// `assumeIsolated` passes inside a block of the queue.
    func checkIsolated() {
        dispatchPrecondition(condition: .onQueue(queue))
    }
}
