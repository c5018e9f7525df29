import ConcurrencyHarness
import ConcurrencyProofsSubjects

/// Runs `work` on `WeatherActor`.
@WeatherActor
func onWeatherActor(_ work: @Sendable () -> Void) {
    work()
}

/// Lesson 38, step 5 and actors question 11: everything marked `@WeatherActor` takes turns on its one instance, which
/// is why the cache and the disk can look at each other with no await. Four calls on `WeatherActor` at once, from four
/// child tasks; each holds its thread until another call has run at the same moment, or `patience` is up (the bound
/// that ends a run with no company). One global actor is one line: at most 1 at once, each waiting out its patience,
/// however many threads the pool has.
@concurrent
public func fourCallsOnWeatherActorAtOnce(patience: Duration) async throws -> Overlap {
    try BadScenarioInput.require(patience, notNegative: "patience", in: "fourCallsOnWeatherActorAtOnce")
    let meter = OverlapMeter()
    let calls = await withTaskGroup(of: Int.self) { group in
        for _ in 1...4 {
            group.addTask {
                await onWeatherActor { meter.workUntilCompany(patience: patience) }
                return 1
            }
        }
        return await group.reduce(0, +)
    }
    return Overlap(updates: calls, mostAtOnce: meter.mostAtOnce)
}
