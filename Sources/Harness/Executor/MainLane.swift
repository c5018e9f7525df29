#if os(Linux) || HARNESS_EXECUTOR_SPI
@_spi(ExperimentalScheduling) import _Concurrency
#endif
import Foundation
import Synchronization

/// The main actor, inside a run: a serial executor whose jobs the harness runs on its own thread,
/// one after another in the order they came, interleaved with the rest by the schedule.
///
/// The 6.3 runtime asks `swift_task_getMainExecutor` which executor is the main actor's each time
/// code hops to it (a `@MainActor` call, `MainActor.run`, `Task { @MainActor in }`), and lets a
/// program answer through the exported hook `swift_task_getMainExecutor_hook`. Installed once and
/// never removed, the hook answers with the run's `MainLane` on a harness thread, and with the real
/// main executor everywhere else, so tests running in parallel and work started outside any run
/// still reach the real main queue. `swift_task_enqueueMainExecutor_hook` is not reached by a hop on
/// 6.3.1 (measured), so it is left alone.
///
/// `@unchecked Sendable`: `owner` is only touched under its mutex.
final class MainLane: SerialExecutor, @unchecked Sendable {
    /// The executor whose thread runs this lane's jobs; nil once that run is over (`detach`). Unmanaged, not weak: a
    /// weak reference gives the executor a side table, and every retain and release of it (the runtime makes several
    /// per job) then takes the slow path. It is set while the executor lives and cleared before its loop returns.
    private let owner: Mutex<Unmanaged<OneThreadExecutor>?>

    /// Every lane ever made, kept so that a job still pointing at a finished run's lane finds an
    /// object (each is two words): the runtime holds executors unowned.
    nonisolated(unsafe) private static var all: [MainLane] = []
    // `all` is only touched under `lock`.
    /// Guards `all`.
    private static let lock = OwnLocks.lock()

    /// A lane for `owner`'s run.
    static func make(for owner: OneThreadExecutor) -> MainLane {
        _ = installed
        let lane = MainLane(owner: owner)
        lock.lock()
        all.append(lane)
        lock.unlock()
        return lane
    }

    /// A lane for `owner`.
    private init(owner: OneThreadExecutor) {
        self.owner = Mutex(Unmanaged.passUnretained(owner))
    }

    /// The run's executor, while it is in progress (a strong reference, taken while it lives).
    private var run: OneThreadExecutor? {
        owner.withLock { $0?.takeUnretainedValue() }
    }

    /// The run is over: from now on the lane's jobs are dropped. Its executor calls it before its loop returns.
    func detach() {
        owner.withLock { $0 = nil }
    }

    /// A main-actor job: it joins the run's main-actor line. After the run is over, it is dropped,
    /// like every job of a run that ended (nothing will ever run it).
    func enqueue(_ job: consuming ExecutorJob) {
        run?.accept(UnownedJob(job), isMain: true)
    }

    /// Code that asks "am I on the main actor?" (`MainActor.assumeIsolated`, `preconditionIsolated`)
    /// on a harness thread is answered here when the runtime cannot tell by itself.
    func checkIsolated() {
        precondition(run.map { ThreadBinding.current === $0 && $0.runningMainJob } ?? false,
                     "Incorrect actor executor assumption; expected the main actor (the harness's main lane)")
    }

    /// This executor stands for the main actor.
    var isMainExecutor: Bool { true }

    /// The runtime's hook type: it is given the original function and returns the main executor.
    typealias Original = @convention(thin) () -> UnownedSerialExecutor
    /// The hook's own type.
    typealias Hook = @convention(thin) (Original) -> UnownedSerialExecutor

    /// Installs the hook the first time it is read; false if the runtime has no such variable.
    static let installed: Bool = {
        guard let symbol = RuntimeSymbol.address("swift_task_getMainExecutor_hook") else { return false }
        symbol.assumingMemoryBound(to: Optional<Hook>.self).pointee = { original in
            if let executor = ThreadBinding.current { return executor.mainLane.asUnownedSerialExecutor() }
            return original()
        }
        return true
    }()
}
