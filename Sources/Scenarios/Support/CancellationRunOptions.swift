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

    /// For main-actor scenarios that also run on the real pool: they take milliseconds when they work, so ten
    /// seconds there (where no queue can be seen and only the time limit ends a stranded waiter) is a generous bound.
    public static let mainActorScenario = RunOptions {
        $0.timeLimit = .seconds(10)
    }
}
