import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

@Suite("L40 Q5, Q7: a checked continuation resumed twice, or never", scaledTimeLimit(minutes: 1))
struct ContinuationMisuseTests {
    @Test("L40 Q5: resumed twice, the process stops, the runtime saying the continuation was resumed more than once")
    func resumedTwiceStopsTheProcess() async throws {
        let result = await #expect(
            processExitsWith: .failure, observing: [\.standardErrorContent],
            "a second resume of a checked continuation should stop the process, not pass silently"
        ) {
            _ = try await ConcurrencyHarness.run(.strict) { await continuationResumedTwice() }
        }
        guard let result else { return }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        // The runtime names the function, and prefixes a file and line: match around them.
        #expect(
            stderr.contains(
                /SWIFT TASK CONTINUATION MISUSE: .+ tried to resume its continuation more than once, returning second!/
            ),
            "a checked continuation should stop the program at the second resume, naming the value; stderr: \(stderr)")
    }

    @Test("L40 Q7: never resumed, the awaiting task never finishes: the harness sees a deadlock")
    func neverResumedIsADeadlock() async {
        // In a child process: each run lets go of a checked continuation unresumed, and the runtime writes its
        // "leaked" line for each; they stay in the child's standard error, out of a green run's output. The child's
        // issues are this test's.
        let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
            await verify(Claim(
                "a continuation nobody resumes leaves its task suspended forever: nothing ready, no timer, unfinished",
                runs: [.strict, .seeds(20)], expect: .fails(.deadlock),
                control: .counterfactual("the continuation resumed") { await continuationResumed(with: .success("Seattle")) }) {
                    await continuationNeverResumed()
                })
        }
        guard let result else { return }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(stderr.contains("continuationNeverResumed() leaked its continuation without resuming it"),
                "each run should let go of the continuation unresumed, and the runtime say so; stderr: \(stderr)")
    }

    @Test("L40 Q7: once the unresumed continuation is let go, the runtime says it leaked")
    func neverResumedLeaksAMessage() async throws {
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardErrorContent],
            "a continuation never resumed is a message and a task waiting forever, not a crash"
        ) {
            do {
                _ = try await ConcurrencyHarness.run(.strict) { await continuationNeverResumed() }
            } catch let failure as HarnessFailure where failure.kind == .deadlock {
                // the expected end: the task waits for ever, and the run reports it
            }
        }
        guard let result else { return }
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            stderr.contains(
                /SWIFT TASK CONTINUATION MISUSE: .+ leaked its continuation without resuming it\. This may cause tasks waiting on it to remain suspended forever\./
            ),
            "a checked continuation destroyed without a resume should log that it leaked; stderr: \(stderr)")
    }
}
