// How a failure says how to see it again: the command that reruns the test under the run's schedule.
import Foundation
import Harness
import Testing

/// The command that reruns only the current test under `schedule`, with its traits:
/// `HARNESS_SEED=0x… swift test --filter 'ReentrancyTests.JarTests/pourIsExact'`.
package func replayCommand(for schedule: Schedule?) -> String {
    var filter = "<test name>"
    if let id = Test.current?.id {
        let name = id.nameComponents.map { $0.split(separator: "(").first.map(String.init) ?? $0 }
        filter = ([id.moduleName] + [name.joined(separator: "/")]).joined(separator: ".")
    }
    let prefix: String
    switch schedule {
    case .seeded(let seed), .pct(let seed, _, _):
        // The seed's schedule is what the search in effect picks for it: the test's own and its traits' (the line
        // reruns the test), and the environment's, said again here.
        prefix = searchVariables + "HARNESS_SEED=\(Seed.format(seed)) "
    case .replay(let interleaving): prefix = "HARNESS_SCHEDULE='\(interleaving)' "
    case .system: prefix = "LIBDISPATCH_COOPERATIVE_POOL_STRICT=0 "
    default: prefix = ""
    }
    return "\(prefix)swift test\(buildFlag) --filter '\(filter)'"
}

/// ` -c release` in a release build, where the optimizer merges hops that a debug build runs as jobs, so a seed
/// plays another schedule there: the command says which build printed it.
#if DEBUG
let buildFlag = ""
#else
let buildFlag = " -c release"
#endif

/// The replay lines for a run under `schedule` that made `interleaving` (one cut short by a failure says so:
/// `s1-…:n!`): the interleaving first, then the seed's command if it had one.
package func replayLines(for schedule: Schedule?, interleaving: Interleaving) -> String {
    guard let schedule, schedule.seed != nil || !interleaving.choices.isEmpty else { return replayCommand(for: schedule) }
    if case .replay = schedule { return replayCommand(for: schedule) }
    var lines = replayCommand(for: .replay(interleaving))
    if schedule.seed != nil { lines += "\n  or: " + replayCommand(for: schedule) }
    return lines
}

/// The replay command of a run under `schedule` that made `interleaving`: its interleaving and its seed, or only the
/// seed when the interleaving is too long to paste (over 200 characters).
func replayText(for schedule: Schedule, _ interleaving: Interleaving) -> String {
    let text = interleaving.description
    guard text.count > 200, schedule.seed != nil else { return replayLines(for: schedule, interleaving: interleaving) }
    return "\(replayCommand(for: schedule)) (its interleaving is \(text.count) characters long)"
}

/// `HARNESS_STRATEGY=… HARNESS_PCT_DEPTH=… ` as the environment set them (empty if it set neither): what a seed's
/// replay needs besides the test, which brings its own search and traits.
var searchVariables: String {
    guard case .success(let settings) = Settings.current else { return "" }
    let environment = ProcessInfo.processInfo.environment
    return ["HARNESS_STRATEGY", "HARNESS_PCT_DEPTH"].filter(settings.environmentVariables.contains)
        .map { "\($0)=\(environment[$0] ?? "") " }.joined()
}

