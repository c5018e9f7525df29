import Foundation
import Synchronization

/// A serial executor with one thread of its own: it runs the jobs it is given one at a time, in the order they came.
///
/// Why it exists: lesson 38 gives an actor "a queue of its own" with `DispatchSerialQueue`, which is a serial executor
/// already. Linux's Dispatch has no `DispatchSerialQueue`, so this is the smallest honest stand-in: like the queue, it
/// takes the actor's code off the shared pool, so a job that blocks holds this thread and none of the pool's. Unlike
/// the queue, it is always the same thread, it ignores priorities, and nothing lends it a second thread when it blocks.
/// Its thread ends when the executor is freed (when the actor that owns it is).
public final class ThreadExecutor: SerialExecutor {
    /// The jobs waiting for the thread, in order. Only the executor's thread takes them out.
    private final class Mailbox: Sendable {
        /// The queue of jobs, and whether the executor is gone.
        private struct State {
            /// Jobs waiting, oldest first.
            var jobs: [UnownedJob] = []
            /// Whether the executor was freed: the thread ends once the jobs are run.
            var closed = false
        }

        /// The jobs and the closed flag, behind a lock.
        private let state = Mutex(State())
        /// One signal per job put in, and one for closing.
        private let arrived = DispatchSemaphore(value: 0)

        /// Adds a job for the thread.
        func put(_ job: UnownedJob) {
            state.withLock { $0.jobs.append(job) }
            arrived.signal()
        }

        /// Tells the thread to end once it has run what it has.
        func close() {
            state.withLock { $0.closed = true }
            arrived.signal()
        }

        /// The next job, waiting for one; nil once closed and empty.
        func next() -> UnownedJob? {
            while true {
                arrived.wait()
                let (job, closed) = state.withLock { state in
                    (state.jobs.isEmpty ? nil : state.jobs.removeFirst(), state.closed)
                }
                if let job {
                    return job
                }
                if closed {
                    return nil
                }
            }
        }
    }

    /// The thread's name, such as "trips.shop" (at most 15 bytes: Linux cuts thread names there).
    public let name: String
    /// The jobs on their way to the thread.
    private let mailbox = Mailbox()

    /// Starts the thread, named `name` (what `currentThreadName()` answers on it).
    public init(name: String) {
        self.name = name
        let mailbox = self.mailbox
        // weak: the thread must not keep its executor alive, or neither would ever end
        let thread = Thread { [weak self] in
            nameCurrentThread(name)
            while let job = mailbox.next() {
                guard let executor = self else {
                    preconditionFailure("ThreadExecutor \(name): a job arrived after its executor was freed")
                }
                job.runSynchronously(on: executor.asUnownedSerialExecutor())
            }
            forgetCurrentThreadName()
        }
        thread.start()
    }

    deinit {
        mailbox.close()
    }

    /// Hands a job to the thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        mailbox.put(UnownedJob(job))
    }
}
