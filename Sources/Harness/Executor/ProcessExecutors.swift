// The executors' private API is in the binary module Linux's toolchain ships; the macOS 26.4 SDK's public interface
// leaves it out, and importing it there warns and finds nothing (docs/platforms.md). `HARNESS_EXECUTOR_SPI` (set by
// the package where the SDK's private interface is found, or by hand) lets a Mac that has it use it.
#if os(Linux) || HARNESS_EXECUTOR_SPI
@_spi(ExperimentalCustomExecutors) @_spi(ExperimentalScheduling) import _Concurrency

/// The process's default executor, installed by the harness before any task runs: what keeps a run closed.
///
/// Every task without an executor preference of its own (`Task {}`, `Task.detached`, `Task.immediate`, a task that
/// switched executor in place, say into an idle actor or on to a `@concurrent` function) hands its next job, its
/// `Task.yield()` and its `Task.sleep` to the runtime's default executor when nothing nearer takes them
/// (`Task.currentExecutor`, `Task.currentSchedulingExecutor`, and on Linux `swift_task_enqueueGlobal` itself). The
/// runtime lets a program choose that executor once (`_createExecutors(factory:)`); the harness chooses this one,
/// which sends what is enqueued on a harness thread to that thread's run — a job to its ready jobs, a deadline to
/// its timers — and forwards everything else, untouched, to the platform's own executor. So a task a run created
/// never leaves it, and a test running beside it on the real pool never enters it.
///
/// `@unchecked Sendable`: it holds only the platform's executors, which are immutable and Sendable.
final class ProcessDefaultExecutor: TaskExecutor, SchedulingExecutor, @unchecked Sendable {
    /// The one instance, which the runtime keeps for the process's life.
    static let shared = ProcessDefaultExecutor()

    /// Where jobs made outside any run go: the platform's default executor (Dispatch's global queue on Linux).
    private let platform = PlatformExecutorFactory.defaultExecutor
    /// The same, as an executor that takes deadlines (nil where the platform's does not).
    private let platformScheduling = PlatformExecutorFactory.defaultExecutor as? any SchedulingExecutor

    /// A job ready now: to the run this thread works for, else to the platform.
    func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        if let run = RunRegistry.shared.destination(ofOwnJob: unowned, from: ThreadBinding.run) {
            run.accept(unowned)
        } else {
            platform.enqueue(ExecutorJob(unowned))
        }
    }

    /// A job due after `delay` (`Task.sleep(nanoseconds:)`, the runtime's delayed enqueue).
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, after delay: C.Duration, tolerance: C.Duration?, clock: C) {
        let unowned = UnownedJob(job)
        if let run = RunRegistry.shared.destination(ofOwnJob: unowned, from: ThreadBinding.run) {
            run.enqueue(ExecutorJob(unowned), after: delay, tolerance: tolerance, clock: clock)
        } else if let platformScheduling {
            platformScheduling.enqueue(ExecutorJob(unowned), after: delay, tolerance: tolerance, clock: clock)
        } else {
            platform.enqueue(ExecutorJob(unowned))
        }
    }

    /// A job due at `instant` (`Task.sleep(for:)`, `Task.sleep(until:)`).
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        let unowned = UnownedJob(job)
        if let run = RunRegistry.shared.destination(ofOwnJob: unowned, from: ThreadBinding.run) {
            run.enqueue(ExecutorJob(unowned), at: instant, tolerance: tolerance, clock: clock)
        } else if let platformScheduling {
            platformScheduling.enqueue(ExecutorJob(unowned), at: instant, tolerance: tolerance, clock: clock)
        } else {
            platform.enqueue(ExecutorJob(unowned))
        }
    }

    /// Not the main executor.
    var isMainExecutor: Bool { false }
}

/// The executors the harness gives the runtime: the platform's main executor, and `ProcessDefaultExecutor`.
enum HarnessExecutorFactory: ExecutorFactory {
    /// The platform's own main executor, unchanged (main-actor work inside a run is taken by `MainLane`).
    static var mainExecutor: any MainExecutor { PlatformExecutorFactory.mainExecutor }
    /// The harness's default executor.
    static var defaultExecutor: any TaskExecutor { ProcessDefaultExecutor.shared }
}

#endif

/// Installs `ProcessDefaultExecutor` as the process's default executor.
///
/// The runtime reads its default executor without a lock, so it must be chosen before any other thread enqueues:
/// `CHarnessTime` calls `harness_install_process_executors` from a constructor, when the program loads, before
/// `main` and before Swift Testing starts a task.
enum ProcessExecutors {
    /// Whether the harness's executors were installed (at load time).
    nonisolated(unsafe) private(set) static var installed = false
    // Written once, by `install()`, while the program is still single-threaded (a load-time constructor); read after.

    /// Installs the harness's executors; called once, by the load-time constructor.
    static func install() {
        guard !installed else { return }
        #if os(Linux) || HARNESS_EXECUTOR_SPI
        _createExecutors(factory: HarnessExecutorFactory.self)
        installed = true
        #endif
        // Elsewhere the default executor stays the platform's: a task that switched executor in place hands its
        // yields and sleeps to Dispatch, where no run sees them (`Capability.defaultExecutor`).
    }
}

/// What the load-time constructor in `CHarnessTime` calls (through a weak reference, so that a program without
/// `Harness` links too).
@_cdecl("harness_install_process_executors")
func harnessInstallProcessExecutors() {
    ProcessExecutors.install()
}
