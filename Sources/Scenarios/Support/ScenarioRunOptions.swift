import ConcurrencyHarness

/// The harness options the scenarios need: one set, shared by the topic tests and the quiz so that both run a scenario
/// the same way.
extension RunOptions {
    /// For a scenario whose other thread only hands work over and ends (no timer, no sleep): on the real pool, where
    /// no queue can be seen, a stranded waiter is then seen once the whole process stands still, as for
    /// `mainActorScenario`. (Under strict and seeds the harness follows work a run hands to a thread or a Dispatch
    /// queue, and waits for it: no grace is needed there.)
    public static let handedOverByAnotherThread = RunOptions {
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
}
