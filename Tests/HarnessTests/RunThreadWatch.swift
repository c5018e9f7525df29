import CHarnessTime
@testable import ConcurrencyHarness
import Synchronization
import Testing

/// How a watched run went: it ended (with its value or its failure), or its thread held `limit` of real time
/// without the run ending.
enum WatchedRun<Value: Sendable> {
    /// The run ended.
    case ended(Result<Run<Value>, HarnessFailure>)
    /// The run's thread held this much time (running, or asleep while the machine had a CPU to spare) and the run
    /// had not ended.
    case held(Duration)
}

/// What `watchedRun` learns of its run from the run's side.
final class RunWatch<Value: Sendable>: Sendable {
    /// The run's executor, as its scenario's first job found it.
    let executor = Mutex<OneThreadExecutor?>(nil)
    /// How the run ended, once it has.
    let ending = Mutex<Result<Run<Value>, HarnessFailure>?>(nil)
}

/// Runs `body` under `schedule` and watches the run's thread from outside, with the watchdog's own measure of the
/// time a thread held (`HoldMeter`: its CPU time, and its sleep in the kernel while the machine had a CPU to spare;
/// not its waits for a CPU, nor its waits for other runs), but without the watchdog's lock: so a run whose thread
/// sleeps or spins holding that lock is seen too. Returns as soon as the run ends, or once its thread has held
/// `limit` without the run ending. A run that should end in milliseconds of its thread's time and holds it for
/// seconds has stopped doing what it should; a loaded machine only delays that verdict, never makes it.
///
/// A run seen holding its thread is left as it is (it may never end): only a broken harness does that.
func watchedRun<Value: Sendable>(
    _ schedule: Schedule, holdingAtMost limit: Duration = .seconds(2),
    _ body: @escaping @Sendable () async throws -> Value
) async -> WatchedRun<Value> {
    let watch = RunWatch<Value>()
    Task {
        let result: Result<Run<Value>, HarnessFailure>
        do throws(HarnessFailure) {
            result = .success(try await run(schedule) {
                // The scenario's first job runs on the run's thread.
                if let executor = ThreadBinding.current { watch.executor.withLock { if $0 == nil { $0 = executor } } }
                return try await body()
            })
        } catch {
            result = .failure(error)
        }
        watch.ending.withLock { $0 = result }
    }
    var meter = HoldMeter()
    while true {
        if let ending = watch.ending.withLock({ $0 }) { return .ended(ending) }
        if let executor = watch.executor.withLock({ $0 }), !executor.isOver,
           let sample = ThreadTime.sample(thread: executor.threadID.load(ordering: .acquiring)) {
            // No sample (the thread ended, or a platform without /proc) counts nothing: it only delays the verdict.
            let cpuAtStart = executor.threadCPUAtStart.load(ordering: .relaxed)
            let busyAtStart = executor.machineBusyAtStart.load(ordering: .relaxed)
            let (_, had) = meter.look(job: 0, wall: harness_coarse_monotonic_nanoseconds() - executor.startedAt,
                                      sample: sample, busy: MachineBusy.total(),
                                      cpuAtStart: cpuAtStart >= 0 ? cpuAtStart : nil,
                                      busyAtStart: busyAtStart >= 0 ? busyAtStart : nil,
                                      paused: executor.waitsForOthers.load(ordering: .relaxed))
            if had > Nanoseconds(limit), !executor.isOver {
                return .held(.nanoseconds(had))
            }
        }
        try? await Task.sleep(for: .milliseconds(10))
    }
}
