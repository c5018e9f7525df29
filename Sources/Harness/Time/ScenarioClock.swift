/// The time of the scenario running on this thread: virtual under `seeded`, the run's clock under `strict` (real
/// time less the time the harness thread waited for a CPU: what its timers run on), real under `system`.
package enum ScenarioClock {
    /// Scenario time since the run started. Outside any run, zero.
    package static var elapsed: Duration {
        if let executor = ThreadBinding.current { return executor.elapsed }
        if let start = SystemRunStart.instant { return start.duration(to: .now) }
        return .zero
    }
}
