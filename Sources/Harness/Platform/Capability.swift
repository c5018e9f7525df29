/// What the harness can reach of the process on this platform: each one a test, a quiz check or an adopter may need,
/// named, with what is missing where it is missing (docs/platforms.md has the table, and how each was established).
///
/// ```swift
/// @Test(.needs(.virtualClock)) func debounceFiresOnce() async { … }   // HarnessTesting: skipped with the reason
/// ```
public enum Capability: String, CaseIterable, Sendable, CustomStringConvertible {
    /// `ContinuousClock.now` and `SuspendingClock.now` read the run's virtual time on a harness thread.
    case virtualClock
    /// Work a run hands to Dispatch or a `Thread` is followed: the run knows it is under way and when it ends.
    case outsideWork
    /// A thread's CPU time and state are read, so a blocked thread is told from one the machine did not run.
    case threadCPUTime
    /// The machine's time with no CPU to spare is read, so a loaded machine only delays a grace period or a limit.
    case spareTime
    /// A `system` run sees the whole process still: a waiter nobody can resume is told at once.
    case stillness
    /// The process's default executor is the harness's: a task that switched executor in place stays in its run.
    case defaultExecutor
    /// `Task.sleep`'s timers reach the run's executor (`SchedulingExecutor`), which places them on the run's clock.
    case timers
    /// `dispatchPrecondition(condition: .onQueue(.main))` holds in a run's main-actor code, as on the main actor.
    case mainQueue
    /// Under the seeded schedules a lock of a mutex the code under test made (an NSLock, NSRecursiveLock, NSCondition,
    /// a `pthread_mutex_t` it initialised, or a static one it never did) is a choice point: a job may pause there and
    /// another run, and a held lock blocks the job that wants it. `Mutex` and `Atomic` are inline atomics: never,
    /// anywhere.
    case lockChoicePoints

    /// Whether this platform gives it to the harness — decided by the platform and the build, never measured: where
    /// it should be there and the harness lost it (a regression), a test that needs it runs and fails rather than
    /// being skipped as if the platform lacked it.
    package var isAvailable: Bool {
        switch self {
        case .virtualClock, .outsideWork, .mainQueue, .threadCPUTime, .spareTime, .stillness, .lockChoicePoints:
            Self.linuxInterposition
        case .defaultExecutor, .timers: Self.executorSPI
        }
    }

    /// What it is, in a few words.
    public var description: String {
        switch self {
        case .virtualClock: "virtual clock reads"
        case .outsideWork: "outside work followed"
        case .threadCPUTime: "a thread's CPU time"
        case .spareTime: "the machine's spare time"
        case .stillness: "stillness"
        case .defaultExecutor: "the process's default executor"
        case .timers: "Task.sleep's timers"
        case .mainQueue: "the main queue in main-actor code"
        case .lockChoicePoints: "locks as choice points"
        }
    }

    /// Why it is missing where it is: what the platform does instead, and what a test that needs it cannot show.
    package var missing: String {
        let what: String
        switch self {
        case .virtualClock, .outsideWork, .mainQueue, .lockChoicePoints:
            what = "the harness answers the runtime's and Dispatch's C calls with its own functions only where symbols "
                + "resolve to the executable first (Linux); Darwin's two-level namespace binds them to libSystem's"
        case .threadCPUTime, .stillness:
            what = "a thread's CPU time and state are read from /proc/self/task, which only Linux has"
        case .spareTime:
            what = "the machine's time without a spare CPU is read from /proc/pressure/cpu or /proc/stat, which only "
                + "Linux has; real time counts whole instead"
        case .defaultExecutor, .timers:
            what = "the executors' private API (ExecutorFactory, SchedulingExecutor) is not in this SDK's interface, so "
                + "the default executor and Task.sleep's timers stay the platform's (\(Self.executorSPIVariable)=1 "
                + "builds with it where an SDK has it)"
        }
        return "needs \(description), which this platform does not give the harness: \(what)"
    }

    /// The variable `Package.swift` reads on a Mac to build with the executors' private API (1) or without it (0),
    /// where it does not find it in the SDK by itself.
    package static let executorSPIVariable = "HARNESS_EXECUTOR_SPI"

    /// Whether the harness's C functions stand in for libc's and libdispatch's and /proc is read (Linux only).
    private static var linuxInterposition: Bool {
        #if os(Linux)
        true
        #else
        false
        #endif
    }

    /// Whether the executors' private API was compiled in (`HARNESS_EXECUTOR_SPI`, always on Linux).
    private static var executorSPI: Bool {
        #if os(Linux) || HARNESS_EXECUTOR_SPI
        true
        #else
        false
        #endif
    }
}
