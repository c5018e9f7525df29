import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Testing

/// The completer is `@MainActor`, as in the lesson. These run under `strict` (the main actor inside the harness: a
/// never-resumed caller is a deadlock at once) and under the system pool (a deadlock once the process stands still).
@Suite("L40 step 2: PlaceCompleter.next(), a kept continuation and a newest list", scaledTimeLimit(minutes: 1))
struct PlaceCompleterNextTests {
    @Test("L40 step 2: a list that arrives while nobody waits is returned at once", arguments: [Runs.strict, .system])
    func listArrivedEarly(runs: Runs) async {
        await verify(Claim(
            "the list the completer announced (its results, copied when the delegate is told) came while nobody asked, "
                + "so it should wait in newest, and next() return it without waiting", runs: [runs],
            options: .mainActorScenario, expect: Expectation(every: .equals(["Portland", "Portsmouth"])),
            control: .counterfactual("Seattle's list overtaken by Bergen's, then Oslo's") {
                await placeCompleterKeepsOnlyTheNewest()
            }) {
                await placeCompleterListArrivedEarly()
            })
    }

    @Test("L40 step 2: only the newest list is kept", arguments: [Runs.strict, .system])
    func onlyTheNewestIsKept(runs: Runs) async {
        await verify(Claim(
            "Seattle's list was overtaken by Bergen's before anyone asked: only Bergen, then Oslo, should come out",
            runs: [runs], options: .mainActorScenario, expect: Expectation(every: .equals(["Bergen", "Oslo"])),
            control: .counterfactual("one list, arrived early") { await placeCompleterListArrivedEarly() }) {
                await placeCompleterKeepsOnlyTheNewest()
            })
    }

    @Test("L40 step 2: the answer can come from another thread, handed to the main actor", arguments: [Runs.strict, .system])
    func answerFromAnotherThread(runs: Runs) async {
        await verify(Claim(
            "the caller waiting in next() should get the list the callback handed to the main actor", runs: [runs],
            options: .handedOverByAnotherThread, expect: Expectation(every: .equals(["Portland", "Portsmouth"])),
            control: .none(why: "the hand-over from the other thread is the subject's one shape")) {
                await placeCompleterAnswerFromAnotherThread()
            })
    }

    /// The child's work: two lists answer a waiting caller, then a second call; prints the answers.
    static func answerTwoLists() async throws {
        let run = try await ConcurrencyHarness.run(.strict, options: .mainActorScenario) {
            await placeCompleterResumesTheWaiterOnce()
        }
        print("answers: \(run.value)")
    }

    @Test("L40 step 2: a waiting caller is resumed exactly once; the second list waits for the next call")
    func waiterResumedOnce() async throws {
        // In a process of its own: a second resume of the same continuation stops the process.
        let result = await #expect(
            processExitsWith: .success, observing: [\.standardOutputContent, \.standardErrorContent],
            """
            the waiting caller must be resumed exactly once, then forgotten: a second list resuming the same \
            continuation stops the process (SWIFT TASK CONTINUATION MISUSE … more than once), and a list kept \
            while someone waits leaves the caller waiting forever (a deadlock)
            """
        ) {
            try await Self.answerTwoLists()
        }
        guard let result else {
            // The child did not end well, and a failed exit test keeps its output: a second child, the same, shows
            // what the runtime said as it stopped the process, where the student reads the failure.
            let stopped = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                try await Self.answerTwoLists()
            }
            let said = stopped.map { String(decoding: $0.standardErrorContent, as: UTF8.self) } ?? ""
            let line = said.split(separator: "\n").first { $0.contains("SWIFT TASK CONTINUATION MISUSE") }
            if let line { print(line) }  // the runtime's own line, as a crash outside a child would have shown it
            Issue.record("the process stopped: \(line.map(String.init) ?? "the runtime said nothing: \(said.suffix(300))")")
            return
        }
        let stdout = String(decoding: result.standardOutputContent, as: UTF8.self)
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            !stderr.contains("SWIFT TASK CONTINUATION MISUSE"),
            "the waiting caller must be resumed once, and forgotten; stderr: \(stderr)")
        #expect(
            stdout.contains(#"answers: ["Seattle", "Bergen"]"#),
            "the waiter should get Seattle, and the next call Bergen at once; stdout: \(stdout), stderr: \(stderr)")
    }
}
