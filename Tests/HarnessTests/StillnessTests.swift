import Foundation
@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// On the real pool the harness sees no queue: a waiter nobody resumes is told by the whole process standing still.
@Suite("Stillness: a system run's stranded waiter, told from a busy or starved process", scaledTimeLimit(minutes: 1))
struct StillnessTests {
    /// A picture of the process: thread 1 and 2 with these CPU times, and whether any was awake.
    private func sample(_ one: Int64, _ two: Int64, awake: Bool = false) -> Stillness.Sample {
        Stillness.Sample(cpu: [1: one, 2: two], someAwake: awake)
    }

    @Test("the process is still only while no thread uses CPU, none is runnable, and none comes or goes")
    func stillnessJudgement() {
        var still = Stillness()
        #expect(still.look(sample(5, 7), at: 0) == 0, "a first look has nothing to compare with")
        #expect(still.look(sample(5, 7), at: 100) == 0, "stillness starts at the second identical look")
        #expect(still.look(sample(5, 7), at: 600) == 500)
        #expect(still.look(sample(5, 8), at: 700) == 0, "thread 2 used CPU: something ran")
        #expect(still.look(sample(5, 8), at: 800) == 0)
        #expect(still.look(sample(5, 8, awake: true), at: 900) == 0,
                "a runnable thread (running, or waiting for a CPU on a loaded machine) is not still")
        #expect(still.look(sample(5, 8), at: 1_000) == 0, "nor is the look after, which cannot tell what it did")
        #expect(still.look(sample(5, 8), at: 1_100) == 0)
        #expect(still.look(sample(5, 8), at: 1_400) == 300)
        #expect(still.look(Stillness.Sample(cpu: [1: 5], someAwake: false), at: 1_500) == 0, "a thread went: it ran")
    }

    // In a process of its own: here, the tests running beside it keep the process busy, which (rightly) only
    // delays the report until the time limit.
    @Test("a system run whose waiter nobody resumes is a deadlock as soon as the process is still, not at the time limit",
          .needs(.stillness))
    func strandedWaiterOnTheRealPool() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let options = RunOptions {
                $0.honoursStrictPoolVariable = false  // the real pool even in the strict-pool run: it is what is tested
                $0.timeLimit = .seconds(20)
                $0.stillnessLimit = .milliseconds(300)
            }
            do {
                _ = try await run(.system, options: options) {
                    let _: Void = await waitForAResumeNobodyMakes()
                }
                print("returned")
            } catch let failure as HarnessFailure {
                print("ended in \(failure.kind)")
            } catch {
                print("threw \(error)")
            }
        }
        let printed = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        #expect(printed == "ended in deadlock\n", """
            a continuation nobody resumes, on the real pool in a quiet process: \(printed.isEmpty ? "nothing" : printed) \
            — it should be a deadlock once every thread has slept for 300 ms, not wait for the 20 s time limit
            """)
    }

    @Test("a thread that keeps working holds off the stillness: only the time limit ends the run then")
    func busyProcessIsNeverStill() async throws {
        let options = RunOptions {
            $0.honoursStrictPoolVariable = false  // the real pool even in the strict-pool run: it is what is tested
            $0.timeLimit = .milliseconds(800)
            $0.stillnessLimit = .milliseconds(100)
        }
        let stop = AtomicFlag()
        let spinner = Thread { while !stop.isSet { usleep(1_000) } }
        spinner.start()
        defer { stop.set() }
        do {
            _ = try await run(.system, options: options) {
                let _: Void = await waitForAResumeNobodyMakes()
            }
            Issue.record("a continuation nobody resumes returned")
        } catch {
            #expect(error.kind == .timedOut, """
                with another thread waking every millisecond the process was judged still (\(error.kind)): stillness \
                must be of the whole process, so that a busy or starved machine only delays the report
                """)
        }
    }
}
