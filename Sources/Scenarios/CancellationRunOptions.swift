import Harness

/// The harness options these scenarios need, shared by the tests and the quiz so that both run them the same way.
extension RunOptions {
    /// For scenarios fed from a thread of their own (a Dispatch queue that yields into a stream, a callback that
    /// resumes a continuation): that thread is outside the harness, which therefore waits up to two seconds for it
    /// before it calls an empty queue a deadlock. Main-actor work needs none of this: inside a run it runs on the
    /// harness's own thread, so a main-actor waiter nobody resumes is a deadlock at once.
    public static let anotherThread = RunOptions {
        $0.outsideWorkGrace = .seconds(2)
    }

    /// `anotherThread`, for a scenario whose other thread only hands work over and ends (no timer, no sleep): on the
    /// real pool a stranded waiter is then seen once the whole process stands still, as for `mainActorScenario`.
    public static let handedOverByAnotherThread = RunOptions {
        $0.outsideWorkGrace = .seconds(2)
        $0.stillnessLimit = .milliseconds(500)
    }

    /// For main-actor scenarios that also run on the real pool, where no queue can be seen: they set no timer and
    /// take no work from another thread, so once every thread of the process has slept for half a second nothing
    /// is left to resume a stranded waiter, and the run is reported as a deadlock then (`stillnessLimit`). A
    /// parallel test or a loaded machine only delays that; ten seconds is the bound behind it.
    public static let mainActorScenario = RunOptions {
        $0.timeLimit = .seconds(10)
        $0.stillnessLimit = .milliseconds(500)
    }
}
