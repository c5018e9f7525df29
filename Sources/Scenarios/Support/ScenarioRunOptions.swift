import Harness

/// The harness options the scenarios need: one set, shared by the topic tests and the quiz so that both run a scenario
/// the same way.
extension RunOptions {
    /// For scenarios whose work runs outside the harness — on threads of their own (a `ThreadExecutor`, a Dispatch
    /// queue that yields into a stream, a callback that resumes a continuation), on a global actor the harness does
    /// not catch, or resumed from another thread and so continued on the real pool: the harness waits for it instead
    /// of calling the quiet moment a deadlock. Ten seconds: in a test process another suite may hold the real pool's
    /// every thread for half a second on purpose (lesson 38's blocking saves), and on a loaded machine (a CI run
    /// beside a soak) a global actor's wake-up once took more than two seconds to come back. The run goes on as soon
    /// as the work comes, so only a scenario that strands its waiter pays the wait. Main-actor work needs none of
    /// this: inside a run it runs on the harness's own thread, so a main-actor waiter nobody resumes is a deadlock at
    /// once.
    public static let waitForOwnThreads = RunOptions { $0.outsideWorkGrace = .seconds(10) }

    /// `waitForOwnThreads`, for a scenario whose other thread only hands work over and ends (no timer, no sleep): on
    /// the real pool a stranded waiter is then seen once the whole process stands still, as for `mainActorScenario`.
    public static let handedOverByAnotherThread = RunOptions {
        $0 = .waitForOwnThreads
        $0.stillnessLimit = RunOptions.mainActorScenario.stillnessLimit
    }

    /// For main-actor scenarios that also run on the real pool, where no queue can be seen: they set no timer and
    /// take no work from another thread, so once every thread of the process has slept for half a second nothing
    /// is left to resume a stranded waiter, and the run is reported as a deadlock then (`stillnessLimit`). A
    /// parallel test or a loaded machine only delays that; ten seconds is the bound behind it.
    public static let mainActorScenario = RunOptions {
        $0.timeLimit = .seconds(10)
        $0.stillnessLimit = .milliseconds(500)
    }

    /// For scenarios that measure the main actor on the main queue beside the pool, or the real pool itself: they
    /// run on the real executor even under `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1`, which on Linux would put the
    /// main actor on the harness's one thread — a place no Apple platform puts it, where the hum cannot go on beside
    /// a computation and main-actor code is not on the main queue.
    public static let realMainActor = RunOptions { $0.honoursStrictPoolVariable = false }

    /// `realMainActor`, waiting for work on threads of their own as `waitForOwnThreads` does.
    public static let realMainActorAndOwnThreads = RunOptions {
        $0 = .waitForOwnThreads
        $0.honoursStrictPoolVariable = false
    }
}
