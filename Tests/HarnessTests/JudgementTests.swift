import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("One rule decides every check's verdict: held, and its control made it miss", scaledTimeLimit(minutes: 1))
struct JudgementTests {
    @Test("validated only when the expectation held and the control failed it")
    func validatedNeedsBoth() {
        let failed = ControlResult.failed(name: "wrong", evidence: "drops = 99")
        #expect(judge(held: true, control: failed) == .validated)
        #expect(judge(held: false, control: failed) == .contradicted)
        #expect(judge(held: true, control: .none(why: "no wrong shape")) == .unguarded("no wrong shape"))
        #expect(judge(held: true, control: nil) == .unguarded("no control ran"))
    }

    @Test("a control run that shows nothing counts neither way: only a run that missed fails the check")
    func noEvidenceIsNotAMiss() {
        let nothing = ControlResult.judging("wrong", [.noEvidence("deadlock"), .held("1")])
        #expect(nothing == .held(name: "wrong", observed: "deadlock; 1"))
        #expect(judge(held: true, control: nothing) == .unguarded("control wrong held too: deadlock; 1"))
        let missed = ControlResult.judging("wrong", [.noEvidence("deadlock"), .missed("2, expected 1")])
        #expect(missed == .failed(name: "wrong", evidence: "2, expected 1"))
    }

    @Test("a control whose every run showed nothing is no evidence, never \"held too\"")
    func allNoEvidenceIsNotHeld() {
        let nothing = ControlResult.judging("wrong", [.noEvidence("leftover work"), .noEvidence("leftover work")])
        guard case .none(let why) = nothing else {
            Issue.record("runs that all showed nothing must be no evidence, not \(nothing)")
            return
        }
        #expect(why == "no evidence: every run of control wrong ended before showing anything (leftover work)")
        #expect(judge(held: true, control: nothing) == .unguarded(why))
    }

    @Test("a failure the claim names as its wrong shape's is the control's miss; any other is no evidence")
    func namedFailureIsAMiss() {
        let expectation = Expectation<Int>(every: .equals(1))
        let leftover = ClaimRun<Int>(.strict, .failure(HarnessFailure(.leftovers, schedule: .strict, summary: "still running")))
        let deadlock = ClaimRun<Int>(.strict, .failure(HarnessFailure(.deadlock, schedule: .strict, summary: "stuck")))
        #expect(expectation.evidence([leftover, deadlock], missedBy: [.leftovers])
                == [.missed("under strict: leftover work, as the claim says its wrong shape ends"), .noEvidence("deadlock")])
        #expect(expectation.evidence([leftover]) == [.noEvidence("leftover work")])
    }

    @Test("a claim's control runs: a harness failure is no evidence, a finished run misses or holds")
    func claimRunsAsEvidence() {
        let expectation = Expectation<Int>(every: .equals(1))
        let runs = [ClaimRun<Int>(.strict, .failure(HarnessFailure(.deadlock, schedule: .strict, summary: "stuck"))), ClaimRun(.strict, .success(1)),
                    ClaimRun(.strict, .success(2))]
        #expect(expectation.evidence(runs) == [.noEvidence("deadlock"), .held(""), .missed("under strict: 2, expected 1")])
    }
}
