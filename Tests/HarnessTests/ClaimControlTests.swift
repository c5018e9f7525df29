import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A scenario that waits for a resume nobody makes: under the strict pool, a deadlock.
@Sendable func waitsForever() async -> Int {
    await waitForAResumeNobodyMakes()
}

/// What a control throws instead of finishing.
struct ControlGaveUp: Error {}

@Suite("A control is evidence only when it finishes", scaledTimeLimit(minutes: 1))
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

    @Test("a producer that must stop: its control that never stops ends in leftover work, which the claim names as its miss")
    func leftoverWorkNamedAsTheControlsMiss() async {
        @Sendable func produce(stops: Bool) async -> Int {
            let (stream, continuation) = AsyncStream<Int>.makeStream()
            let producer = Task {
                var n = 0
                while !stops || !Task.isCancelled {
                    continuation.yield(n)
                    n += 1
                    await Task.yield()
                }
            }
            continuation.onTermination = { _ in if stops { producer.cancel() } }
            var taken = 0
            for await _ in stream.prefix(3) { taken += 1 }
            return taken
        }
        var claim = Claim("a producer stops when its consumer is done", runs: [.strict], options: RunOptions {
            $0.drainBudget = 1_000
        }, expect: Expectation(every: .equals(3)), control: .counterfactual("never stops") { await produce(stops: false) }) {
            await produce(stops: true)
        }
        let unnamed = await check(claim)
        guard case .none(let why)? = unnamed.control else {
            Issue.record("a control that only ends in leftover work is no evidence: \(String(describing: unnamed.control))")
            return
        }
        #expect(why.contains("no evidence") && why.contains("leftover work"), "\(why)")
        claim.controlMissedBy = [.leftovers]
        let named = await check(claim)
        #expect(named.validated, "\(String(describing: named.control))")
    }

    @Test("a control on the real pool cut by its time limit is no evidence, rerun once, then unguarded: never \"held too\"")
    func timedOutControlIsNoEvidence() async {
        let quick = RunOptions { $0.timeLimit = .milliseconds(300) }
        let result = await check(Claim("1 is 1", runs: [.system], options: quick, expect: Expectation(every: .equals(1)),
                                       control: .counterfactual("a control that outlasts the limit") {
            // Until the limit cancels it: a limit in spare time can pass minutes of a busy machine, so no sleep of a
            // fixed length is sure to outlast it.
            try? await Task.sleep(for: .seconds(3_600))
            return 2
        }) { 1 })
        guard case .none(let why)? = result.control else {
            Issue.record("a control cut by a time limit must be no evidence, not \(String(describing: result.control))")
            return
        }
        // On a pool held by other tests the claim's own quick run can be cut too: no evidence either way, as said.
        #expect(why.contains("no evidence") && why.contains("time limit twice"), "\(why)")
        #expect(result.noEvidence.map { why.hasSuffix($0) } == true && !result.validated)
    }

    @Test("a claim whose own run on the real pool is cut by its time limit twice is unguarded, its control not run")
    func timedOutClaimIsNoEvidence() async {
        let quick = RunOptions { $0.timeLimit = .milliseconds(300) }
        let result = await check(Claim("a slow 1 is 1", runs: [.system], options: quick, expect: Expectation(every: .equals(1)),
                                       control: .counterfactual("2") { 2 }) {
            try? await Task.sleep(for: .seconds(3_600))  // until the limit cancels it, however busy the machine
            return 1
        })
        #expect(result.held && result.runs.isEmpty, "\(result.counterexamples)")
        #expect(result.noEvidence?.contains("time limit twice") == true, "\(String(describing: result.noEvidence))")
        guard case .none? = result.control else {
            Issue.record("no evidence leaves the claim unguarded: \(String(describing: result.control))")
            return
        }
    }
    @Test("a seeded run cut by its time limit is no evidence, said: a claim whose every run was cut never holds unsaid")
    func timedOutSeededRunIsNoEvidence() async {
        let quick = RunOptions { $0.timeLimit = .milliseconds(200) }
        let result = await check(Claim("an endless loop returns 1", runs: [.seeds(1)], options: quick,
                                       expect: Expectation(every: .equals(1)), control: .counterfactual("2") { 2 }) {
            // Each job short of the blocked-thread limit, their sum past the time limit; a busy machine only delays it.
            var turns = 0
            while turns >= 0 {
                burnCPU(.milliseconds(2))
                await Task.yield()
                turns += 1
            }
            return turns
        })
        #expect(result.runs.isEmpty && !result.validated, "\(result.runs.count) runs, \(String(describing: result.control))")
        #expect(result.noEvidence?.contains("1 of its 1 seeded runs hit the time limit") == true,
                "\(String(describing: result.noEvidence))")
        guard case .none? = result.control else {
            Issue.record("no evidence leaves the claim unguarded: \(String(describing: result.control))")
            return
        }
    }
}

/// How many times a control has run, for the real-pool retry test.
final class ControlTries: Sendable {
    /// The count.
    let count = Mutex<Int>(0)
    /// Counts one more run and returns the count so far.
    func next() -> Int { count.withLock { $0 += 1; return $0 } }
}

@Suite("A control on the real pool gets three tries to show its miss", scaledTimeLimit(minutes: 1))
struct RealPoolControlTriesTests {
    /// "Every run gives 1" on the real pool, with a control that gives 1 for its first `holdsFor` runs and 2 after.
    func claim(_ tries: ControlTries, holdsFor: Int) -> Claim<Int> {
        Claim("every run gives 1", runs: [.system], expect: Expectation(every: .equals(1)),
              control: .counterfactual("gives 2 once the pool lets it") { tries.next() > holdsFor ? 2 : 1 }) { 1 }
    }

    @Test("a real-pool control that held once (the pool busy with other work) and missed on its second try validates")
    func secondTryCounts() async {
        let tries = ControlTries()
        let result = await check(claim(tries, holdsFor: 1))
        #expect(result.validated, "\(String(describing: result.control))")
        #expect(tries.count.withLock { $0 } == 2, "the control should stop at its first miss")
    }

    @Test("a real-pool control that held three times holds: the check stays unguarded")
    func threeHoldsHold() async {
        let tries = ControlTries()
        let result = await check(claim(tries, holdsFor: 10))
        #expect(result.held && !result.validated, "\(String(describing: result.control))")
        #expect(tries.count.withLock { $0 } == 3, "three tries, no more")
    }
}
