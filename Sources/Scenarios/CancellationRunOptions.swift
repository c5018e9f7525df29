import Harness

/// The harness options these scenarios need, shared by the tests and the quiz so that both run them the same way.
extension RunOptions {
    /// For scenarios on the main actor, or resumed from a thread of their own: that work runs outside the harness,
    /// which therefore waits up to two seconds for it before it calls an empty queue a deadlock. A deadlock
    /// (a continuation nobody resumes, a stream nobody finishes) is still reported, two seconds late. Under the
    /// system pool, where the harness sees no queue, the same deadlock ends at the time limit: five seconds, as these
    /// scenarios take milliseconds when they work.
    public static let outsideWork = RunOptions {
        $0.outsideWorkGrace = .seconds(2)
        $0.timeLimit = .seconds(5)
    }
}
