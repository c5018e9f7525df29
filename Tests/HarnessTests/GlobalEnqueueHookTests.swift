@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A task executor that keeps the jobs it is given instead of running them, noting whether each came from a harness
/// thread: where a test gets a job of its own to hand to the global enqueue hook, and sees where it went next.
final class JobTrap: TaskExecutor, Sendable {
    /// The jobs given to it, not yet run, each with whether it was given on a harness thread.
    private let jobs = Mutex<[(job: UnownedJob, fromHarnessThread: Bool)]>([])

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job), fromHarnessThread = isOnHarnessThread()
        jobs.withLock { $0.append((job, fromHarnessThread)) }
    }

    /// How many jobs it keeps.
    var count: Int { jobs.withLock { $0.count } }

    /// The oldest job kept, taken out.
    func take() -> (job: UnownedJob, fromHarnessThread: Bool)? {
        jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
    }
}

/// A new task that prefers `trap`, whose first job `trap` keeps; it counts its runs in `ran`. Run on another
/// executor, its job runs nothing of its body: the task goes on to the executor it prefers, from there.
func trappedJob(_ trap: JobTrap, ran: RanCount) throws -> UnownedJob {
    Task(executorPreference: trap) { ran.value.add(1, ordering: .relaxed) }
    return try #require(trap.take()?.job, "the task's first job did not go to its preferred executor")
}

/// How often a trapped task's body ran.
final class RanCount: Sendable {
    /// The count.
    let value = Atomic<Int>(0)
}

/// The jobs the hook gave to the runtime's own enqueue, by address. A C function pointer captures nothing, so the
/// stand-in for that enqueue keeps them here; each test looks only for its own job.
private let handedToTheRuntime = Mutex<[UInt]>([])

/// The stand-in for the runtime's own global enqueue that a test passes to the hook.
private let runtimeEnqueue: GlobalEnqueueHook.Original = { job in
    handedToTheRuntime.withLock { $0.append(UInt(bitPattern: job)) }
}

/// Whether the hook gave `job` to the runtime's enqueue (the stand-in), taking it off the list.
private func handedToTheRuntime(_ job: UnownedJob) -> Bool {
    let address = UInt(bitPattern: unsafeBitCast(job, to: UnsafeMutableRawPointer.self))
    return handedToTheRuntime.withLock { handed in
        guard let index = handed.firstIndex(of: address) else { return false }
        handed.remove(at: index)
        return true
    }
}

/// Calls the hook the harness installed in `swift_task_enqueueGlobal_hook`, as the runtime would for `job`, with the
/// stand-in for the runtime's own enqueue: the hook on its own, without the default executor behind it.
private func enqueueThroughTheHook(_ job: UnownedJob) {
    guard GlobalEnqueueHook.installed, let slot = RuntimeSymbol.address("swift_task_enqueueGlobal_hook"),
          let hook = slot.assumingMemoryBound(to: Optional<GlobalEnqueueHook.Hook>.self).pointee else {
        Issue.record("no hook is installed in swift_task_enqueueGlobal_hook")
        return
    }
    hook(unsafeBitCast(job, to: UnsafeMutableRawPointer.self), runtimeEnqueue)
}

/// On Linux every global enqueue also passes the harness's default executor, which routes by the same rule: a hook
/// that did nothing would go unseen by any test of `Task {}` in a run. These tests call the hook itself.
@Suite("The global enqueue hook, on its own: a harness thread's enqueue goes to its run, any other to the runtime",
       scaledTimeLimit(minutes: 1))
struct GlobalEnqueueHookTests {
    @Test("a job the runtime enqueues globally on a harness thread goes to that thread's run, never to the runtime's own enqueue")
    func harnessThreadsJobGoesToTheRun() async throws {
        let trap = JobTrap(), ran = RanCount()
        let job = try trappedJob(trap, ran: ran)
        let run = try await ConcurrencyHarness.run(.strict) {
            enqueueThroughTheHook(job)
            // Counted, not timed: the run's queue is first in, first out, so one yield lets the job run, and its
            // task, which prefers the trap, goes on to it from the run's thread.
            var yields = 0
            while trap.count == 0, yields < 100 {
                await Task.yield()
                yields += 1
            }
            return yields
        }
        let toTheRuntime = handedToTheRuntime(job)
        let next = trap.take()
        if toTheRuntime { job.runSynchronously(on: trap.asUnownedTaskExecutor()) }
        if let next { next.job.runSynchronously(on: trap.asUnownedTaskExecutor()) }
        #expect(!toTheRuntime, "the hook gave a job enqueued on the run's own thread to the runtime's enqueue: a `Task {}` made in a scenario would leave the run")
        #expect(next?.fromHarnessThread == true, """
            the run should have run the job on its thread, and the task gone on from there to the executor it prefers             (after \(run.value) yields): \(next.map { "it came from \($0.fromHarnessThread ? "a" : "no") harness thread" } ?? "it never came")
            """)
        #expect(ran.value.load(ordering: .relaxed) == 1, "the task's body should have run once, on the trap")
    }

    @Test("a job enqueued globally on a thread of no run goes to the runtime's own enqueue, untouched")
    func otherThreadsJobGoesToTheRuntime() throws {
        let trap = JobTrap(), ran = RanCount()
        let job = try trappedJob(trap, ran: ran)
        enqueueThroughTheHook(job)
        let toTheRuntime = handedToTheRuntime(job)
        if toTheRuntime { job.runSynchronously(on: trap.asUnownedTaskExecutor()) }
        #expect(toTheRuntime, "the hook kept a job enqueued on a thread of no run from the runtime's enqueue")
        #expect(ran.value.load(ordering: .relaxed) == (toTheRuntime ? 1 : 0) && trap.count == 0)
    }
}
