import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
@testable import ConcurrencyProofsQuiz
import Testing

/// A child process (the compiler, a crash child, a built program, a quiz of its own) is timed in spare time, as the
/// harness's grace periods are: a loaded machine only delays it; one that runs out of time anyway shows nothing, so
/// the check it was to decide is unguarded with the reason, never contradicted.
@Suite("Quiz bank: child processes are timed in spare time, and one out of time is no evidence", scaledTimeLimit(minutes: 1))
struct ChildTimeTests {
    /// Real time since the child started: the spare time of a machine with a CPU to spare all along.
    static let idleMachine: @Sendable (pid_t) -> () -> Int64 = { _ in
        let start = ContinuousClock.now
        return { let (seconds, attoseconds) = start.duration(to: .now).components
                 return seconds * 1_000_000_000 + attoseconds / 1_000_000_000 }
    }

    @Test("on a machine with no CPU to spare a child runs past its limit in real time, to its own end")
    func loadOnlyDelays() async {
        // A machine busy the whole time gives the child no spare time at all: 0.4 s of sleep against a 0.1 s limit.
        let outcome = await ChildProcess.run("/bin/sleep", ["0.4"], environment: [:], timeout: .milliseconds(100),
                                             timeSpent: { _ in { 0 } })
        #expect(outcome.ending == .exit(0), "the child should have ended by itself: \(outcome.ending)")
        #expect(outcome.ranOutOfTime == nil)
    }

    @Test("a child still running when its spare time runs out is killed, and says it ran out of time")
    func outOfTimeIsSaid() async {
        let outcome = await ChildProcess.run("/bin/sleep", ["30"], environment: [:], timeout: .milliseconds(100),
                                             timeSpent: Self.idleMachine)
        // `.outOfTime` is said only for a child that died of the kill, so it was still sleeping: the kill beat the
        // child's own end without a wall-clock bound, which a stalled machine would break.
        #expect(outcome.ending == .outOfTime(.milliseconds(100)), "\(outcome.ending)")
        #expect(outcome.ranOutOfTime?.contains("a CPU to spare") == true, "\(String(describing: outcome.ranOutOfTime))")
    }

    @Test("a child that keeps the machine busy itself still runs out: its own CPU time counts too",
          .enabled(if: ChildProcess.cpuTimeWorks, Comment(rawValue: "needs a child process's CPU time, which this platform "
                   + "does not give (/proc/<pid>/stat on Linux, proc_pid_rusage on Darwin): with no spare time either, "
                   + "nothing would end the child")))
    func cpuTimeCounts() async {
        // No spare time at all (the child's own spinning could be what oversubscribes the machine), but CPU time.
        let outcome = await ChildProcess.run("/bin/sh", ["-c", "while :; do :; done"], environment: [:],
                                             timeout: .milliseconds(100),
                                             timeSpent: { pid in ChildProcess.childTime(pid, spare: { 0 }) })
        #expect(outcome.ending == .outOfTime(.milliseconds(100)), "\(outcome.ending)")
    }

    /// A child killed when its 120 s ran out.
    let killed = ChildOutcome(ending: .outOfTime(.seconds(120)), stdout: "", stderr: "")

    @Test("a compile whose compiler ran out of time is unguarded, no evidence, never contradicted")
    func compileOutOfTime() {
        let check = CompileCheck(snippet: "X.swift", source: nil, swiftVersion: 6, mode: .typecheck, flags: [],
                                 topLevel: false, expect: CompileCheck.Expectation(outcome: .error, diagnostic: "x"),
                                 linux: nil, note: nil)
        let result = CompileValidator.evaluate(check, outcome: killed, source: "")
        #expect(result.verdict == .unguarded("no evidence: \(killed.ranOutOfTime!)"), "\(result.verdict)")
        #expect(result.ranOutOfTime != nil)
    }

    @Test("a crash child that ran out of time is unguarded, no evidence, whether a crash or a clean exit was expected",
          arguments: [CrashCheck.Expectation(exit: .signal, signal: 4, stderr: nil),
                      CrashCheck.Expectation(exit: .success, signal: nil, stderr: nil)])
    func crashOutOfTime(expect: CrashCheck.Expectation) {
        let check = CrashCheck(scenario: "c", environment: [:], expect: expect, linux: nil, note: nil)
        let result = CrashValidator.evaluate(check, outcome: killed)
        #expect(result.verdict == .unguarded("no evidence: \(killed.ranOutOfTime!)"), "\(result.verdict)")
    }

    @Test("a control whose child ran out of time shows nothing: the check is unguarded, its control never counted as failing")
    func controlOutOfTime() async {
        var result = CheckResult(.validated, observed: "c: signal 4")
        await result.judge(control: "fixed", why: nil) { .cutByTimeLimit(killed.ranOutOfTime!) }
        #expect(result.verdict == .unguarded("no evidence: control fixed gave none: \(killed.ranOutOfTime!)"),
                "\(result.verdict)")
    }
}
