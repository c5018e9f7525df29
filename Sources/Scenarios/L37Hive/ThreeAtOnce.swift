/// Three visits started with async let.
public struct ThreeAtOnce: Sendable, Hashable {
    public var results: [String], peakInFlight: Int, elapsedMs: Int
}

/// One visit: `ms` at a flower, counted in flight meanwhile.
nonisolated(nonsending) func visit(
    _ name: String, for ms: Int, suffix: String, _ flight: OverlapMeter
) async -> String {
    flight.enter()
    try? await Task.sleep(for: .milliseconds(ms))
    flight.leave()
    return name + suffix
}

/// L37 card 3, L38 card 1, the architecture seed: three async let visits run at the same time; one await
/// collects them. `names` is comma-separated.
/// `.oneAfterAnother`: the control, three awaits in a row instead of three `async let`s.
nonisolated(nonsending) public func threeAtOnce(ms: Int, names: String, suffix: String, _ shape: AtOnceShape = .atOnce)
    async -> ThreeAtOnce
{
    let oneAfterAnother = shape == .oneAfterAnother
    let three = names.split(separator: ",").map(String.init) + ["", "", ""]
    let flight = OverlapMeter()
    let start = scenarioMilliseconds()
    if oneAfterAnother {
        var results: [String] = []
        for name in three.prefix(3) { results.append(await visit(name, for: ms, suffix: suffix, flight)) }
        return ThreeAtOnce(results: results, peakInFlight: flight.mostAtOnce, elapsedMs: scenarioMilliseconds() - start)
    }
    async let first = visit(three[0], for: ms, suffix: suffix, flight)
    async let second = visit(three[1], for: ms, suffix: suffix, flight)
    async let third = visit(three[2], for: ms, suffix: suffix, flight)
    let results = await [first, second, third]
    return ThreeAtOnce(results: results, peakInFlight: flight.mostAtOnce, elapsedMs: scenarioMilliseconds() - start)
}
