import Harness

/// The harness options these scenarios need, shared by the tests and the quiz so that both run them the same way.
extension RunOptions {
    /// For scenarios on the main actor, or resumed from a thread of their own: that work runs outside the harness,
    /// which therefore waits up to ten seconds for it (in a full test run, other suites may keep the
    /// real pool, and so the main queue, busy for seconds) before it calls an empty queue a deadlock. A deadlock
    /// (a continuation nobody resumes, a stream nobody finishes) is still reported, ten seconds late. Under the
    /// system pool, where the harness sees no queue, the same deadlock ends at the time limit: twenty seconds, as these
    /// scenarios take milliseconds when they work.
    public static let outsideWork = RunOptions {
        $0.outsideWorkGrace = .seconds(10)
        $0.timeLimit = .seconds(20)
    }
}
