import Foundation
import ConcurrencyHarness
import Synchronization

/// Which claims run in this process when a replay line named one (`HARNESS_CLAIM=…`): that one alone. Swift Testing's
/// `--filter` selects a whole parameterised test, so without it every case would play the pasted line, and each case
/// it does not fit would warn that it does not; the claims left out are counted and said as the process ends.
enum ClaimSelection {
    /// Claims this process ran, and claims it left out, under `HARNESS_CLAIM`.
    static let ran = Atomic<Int>(0), leftOut = Atomic<Int>(0)

    /// The key a replay line named, if the environment set one.
    static var named: String? { Plan.processDefaults.claim }

    /// Whether `claim` runs here: every claim, or the one `HARNESS_CLAIM` names. Counts it either way.
    static func selects<Outcome>(_ claim: Claim<Outcome>) -> Bool {
        guard let named else { return true }
        let selected = claim.key == named
        if selected { ran.add(1, ordering: .relaxed) } else { leftOut.add(1, ordering: .relaxed) }
        return selected
    }

    /// What the process says of the selection as it ends, with `counts` (ran, left out): nil when no key was named
    /// or no claim met it; a complaint (`isError`) when claims ran but none had the key — a line from another test,
    /// or from before the claim's words changed, which would otherwise pass having replayed nothing.
    static func summary(named: String?, counts: (ran: Int, leftOut: Int)) -> (text: String, isError: Bool)? {
        guard let named, counts.ran + counts.leftOut > 0 else { return nil }
        guard counts.ran > 0 else {
            return ("harness: bad setting HARNESS_CLAIM=\(named): none of the \(counts.leftOut) claims this process checked "
                + "has that key, so nothing was replayed. The line was printed by another test, or before the claim's "
                + "words, runs or expectation changed: paste the replay line as it was printed, or unset the variable.", true)
        }
        return ("harness: HARNESS_CLAIM=\(named) ran the claim it names; \(counted(counts.leftOut, "other claim")) of the "
            + "selected tests (their other cases) did not run", false)
    }
}
