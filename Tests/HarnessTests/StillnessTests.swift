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

    // In a process of its own, as above. A strict run calls a quiet moment a deadlock only once the other runs busy
    // then have settled, and a system run stays busy until the process stands still: the strict run's looks for that
    // must not be what keeps the process from standing still, or each waits for the other until `outsideWorkLimit`.
    @Test("a strict run and a system run, both stranded, are both deadlocks once the process is still, neither waits out the other",
          .needs(.stillness))
    func strictAndSystemStrandedTogether() async throws {
        let result = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let options = RunOptions {
                $0.honoursStrictPoolVariable = false
                $0.timeLimit = .seconds(5)
                $0.stillnessLimit = .milliseconds(300)
                $0.outsideWorkLimit = .seconds(3)
            }
            let systemBegun = AtomicFlag()
            func ending(_ schedule: Schedule) async -> String {
                do {
                    _ = try await run(schedule, options: options) {
                        if schedule == .system { systemBegun.set() }
                        let _: Void = await waitForAResumeNobodyMakes()
                    }
                    return "returned"
                } catch {
                    let waitedOut = error.summary.contains("Other runs of this process stayed busy")
                    return "\(error.kind)" + (waitedOut ? " after waiting out the other runs" : "")
                }
            }
            // The system run first: a strict run that found no other run in progress would be a deadlock at once.
            async let system = ending(.system)
            while !systemBegun.isSet { usleep(1_000) }
            let strict = await ending(.strict)
            print("strict: \(strict); system: \(await system)")
        }
        let printed = String(decoding: try #require(result).standardOutputContent, as: UTF8.self)
        #expect(printed == "strict: deadlock; system: deadlock\n", """
            a strict run and a system run, each awaiting a continuation nobody resumes, in a process otherwise quiet: \
            \(printed.isEmpty ? "nothing" : printed) — the system run should see the process still (the strict run \
            only looks, waiting for it), and the strict run then end as soon as the system run has
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
