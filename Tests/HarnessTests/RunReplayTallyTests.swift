import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// In an exit test's child, after the runs: how the pasted string fared, as `printTally` prints it.
func printTally() {
    let counts = ReplayTally.counts
    print("fitted \(counts.fitted) misfits \(counts.misfits)")
}

/// A test that calls `run(.seeded(…))` itself plays a pasted `HARNESS_SCHEDULE` there, and the process's tally of
/// what the string fitted is what turns a string that fitted nothing into an error at exit. The explorer's count of
/// it is checked beside claims (`ScheduleFitsNothingProcessTests`); these check `run`'s own.
@Suite("HARNESS_SCHEDULE played in a test's own run(.seeded(…)) is counted: each run a fit or a misfit",
       scaledTimeLimit(minutes: 1))
struct RunReplayTallyProcessTests {
    @Test("a test's own run(.seeded(…)) under a HARNESS_SCHEDULE that does not fit its scenario counts one misfit, no fit")
    func misfitIsCounted() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            // All calm, so every choice fits; but the scenario that printed it had 3 choice points.
            setOnlyHarnessVariable("HARNESS_SCHEDULE", "s1-:3")
            _ = try? await run(.seeded(0xd1ff)) { await racingAppends() }
            printTally()
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "fitted 0 misfits 1\n", """
            one run played a string that does not fit it: the tally must say so, or a process whose every run misfit \
            the pasted line ends green, having replayed nothing. The child printed: \(printed)
            """)
    }

    @Test("a test's own run(.seeded(…)) under the HARNESS_SCHEDULE its scenario printed counts one fit, no misfit")
    func fitIsCounted() async throws {
        let text = try await seededRunInAChild().text
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [text = text as String] in
            setOnlyHarnessVariable("HARNESS_SCHEDULE", text)
            _ = try? await run(.seeded(0xd1ff)) { await racingAppends() }
            printTally()
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed == "fitted 1 misfits 0\n", "one run replayed \(text), which its own scenario printed: the child printed \(printed)")
    }
}
