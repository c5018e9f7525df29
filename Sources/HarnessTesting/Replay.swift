// How a failure says how to see it again: the command that reruns the test under the run's schedule.
import Foundation
import ConcurrencyHarness
import Testing

/// The command that reruns only the current test under `schedule`, with its traits:
/// `HARNESS_SEED=0x… swift test --filter 'ReentrancyTests.JarTests/pourIsExact'`; with `claim` (a claim's key,
/// `Claim.key`), only that claim of the test runs (`HARNESS_CLAIM=…`): Swift Testing's filter selects a whole
/// parameterised test, and every other case would play the line too.
package func replayCommand(for schedule: Schedule?, claim: String? = nil) -> String {
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
    return "\(prefix)\(claim.map { "HARNESS_CLAIM=\($0) " } ?? "")swift test\(buildFlag) --filter '\(filter)'"
}

/// ` -c release` in a release build, where the optimizer merges hops that a debug build runs as jobs, so a seed
/// plays another schedule there: the command says which build printed it.
#if DEBUG
let buildFlag = ""
#else
let buildFlag = " -c release"
#endif

/// The replay lines for a run under `schedule` that made `interleaving` (one cut short by a failure says so:
/// `s1-…:n!`): the interleaving first, then the seed's command if it had one; for a seeded run that had no choice
/// point, the test's own command (every schedule of its scenario is that run, so no string or seed is needed).
package func replayLines(for schedule: Schedule?, interleaving: Interleaving, claim: String? = nil) -> String {
    if schedule?.isVirtualTime == true, interleaving.hasNoChoicePoint {
        return replayCommand(for: nil, claim: claim) + " (its run had no choice point: every schedule of this scenario is "
            + "this one, so the miss does not depend on the seed)"
    }
    guard let schedule, schedule.seed != nil || !interleaving.choices.isEmpty else { return replayCommand(for: schedule, claim: claim) }
    if case .replay = schedule { return replayCommand(for: schedule, claim: claim) }
    var lines = replayCommand(for: .replay(interleaving), claim: claim)
    if schedule.seed != nil { lines += "\n  or: " + replayCommand(for: schedule, claim: claim) }
    return lines
}

/// The replay command of a run under `schedule` that made `interleaving`: its interleaving and its seed, or only the
/// seed when the interleaving is too long to paste (over 200 characters).
func replayText(for schedule: Schedule, _ interleaving: Interleaving, claim: String? = nil) -> String {
    let text = interleaving.description
    guard text.count > 200, schedule.seed != nil else { return replayLines(for: schedule, interleaving: interleaving, claim: claim) }
    return "\(replayCommand(for: schedule, claim: claim)) (its interleaving is \(text.count) characters long)"
}

extension Interleaving {
    /// Whether its run had no choice point at all: never two jobs ready at once, the only schedule its scenario has.
    var hasNoChoicePoint: Bool { choices.isEmpty && points == 0 }
}

/// `HARNESS_STRATEGY=… HARNESS_PCT_DEPTH=… ` as the environment set them (empty if it set neither): what a seed's
/// replay needs besides the test, which brings its own search and traits.
var searchVariables: String {
    let environment = Plan.processDefaults.environment
    return ["HARNESS_STRATEGY", "HARNESS_PCT_DEPTH"].compactMap { name in environment[name].map { "\(name)=\($0) " } }
        .joined()
}

