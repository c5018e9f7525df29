import ConcurrencyHarness

/// Scenario time in whole milliseconds: virtual under a seed, real otherwise.
public func scenarioMilliseconds() -> Int {
    let (seconds, attoseconds) = ScenarioClock.elapsed.components
    return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000)
}
