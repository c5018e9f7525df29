import Harness
import Testing

/// A scenario that waits for a resume nobody makes: under the strict pool, a deadlock.
@Sendable func waitsForever() async -> Int {
    await waitForAResumeNobodyMakes()
}

/// What a control throws instead of finishing.
struct ControlGaveUp: Error {}

@Suite("A control is evidence only when it finishes", .timeLimit(.minutes(1)))
struct ClaimControlTests {
    /// The claim "every run deadlocks" about `waitsForever`, with `control` as its counterfactual.
    func deadlockClaim(control: @escaping @Sendable () async throws -> Int) -> Claim<Int> {
        Claim("a waiter nobody resumes deadlocks", runs: [.strict], expect: .fails(.deadlock),
              control: .counterfactual("the control", control)) { await waitsForever() }
    }

    @Test("a claim that runs end in a deadlock is validated by a control that finishes, not by one that fails otherwise")
    func failingControlIsNoEvidence() async {
        let finishing = await check(deadlockClaim { 1 })
        #expect(finishing.validated, "a control that finishes shows the deadlock came from the waiter: \(String(describing: finishing.control))")
        let throwing = await check(deadlockClaim { throw ControlGaveUp() })
        #expect(throwing.held && !throwing.validated, """
            a control that throws never finished, so it shows nothing about the deadlock: \(String(describing: throwing.control))
            """)
    }
}
