// The floor a one-thread harness stands on: the same jobs run first in first out on one thread of its own, with
// nothing else — no scheduler, no timers, no watchdog, no clock. What it costs per job is the runtime's part of any
// one-thread executor; the harness's cost above it is the harness's own.
import Foundation
import Synchronization

/// A task executor with one thread that runs its jobs in the order they came, and counts them.
///
/// `@unchecked Sendable`: `queue`, `head` and `stopped` are only touched under `condition`; the atomics anywhere.
final class BareExecutor: TaskExecutor, @unchecked Sendable {
    /// Guards the queue; signalled when a job arrives.
    private let condition = NSCondition()
    /// The jobs not yet run, oldest from `head`.
    private var queue: [UnownedJob] = []
    /// The oldest job not yet run.
    private var head = 0
    /// Whether the thread should end once the queue is empty.
    private var stopped = false
    /// Jobs run so far.
    let jobs = Atomic<Int>(0)
    /// Whether the thread has ended.
    let ended = Atomic<Bool>(false)

    /// Starts its thread.
    init() {
        let thread = Thread { [unowned self] in loop() }
        thread.stackSize = 8 << 20
        thread.start()
    }

    /// Takes a job, to run after those before it.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs until stopped and empty.
    private func loop() {
        condition.lock()
        while true {
            if head == queue.count {
                if stopped { break }
                queue.removeAll(keepingCapacity: true)
                head = 0
                condition.wait()
                continue
            }
            let job = queue[head]
            head += 1
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
            jobs.add(1, ordering: .relaxed)
            condition.lock()
        }
        condition.unlock()
        ended.store(true, ordering: .releasing)
    }

    /// Lets the thread end once nothing is left.
    func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }
}

/// Runs `body` once on a new bare executor (the body, its child tasks and the default actors they call run there);
/// the jobs it ran.
func runBare(_ body: @escaping @Sendable () async -> Int) async -> Int {
    let executor = BareExecutor()
    _ = await Task(executorPreference: executor) { await body() }.value
    executor.stop()
    // The job that finished the task may still be returning on the executor's thread: wait for the thread to end.
    while !executor.ended.load(ordering: .acquiring) { await Task.yield() }
    return executor.jobs.load(ordering: .relaxed)
}
