import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import ConcurrencyProofsScenarios
import Synchronization
import Testing

/// Runs the racing scenario under `schedule` in this process and prints its interleaving, schedule
/// hash and outcome.
@Sendable func printRun(_ schedule: Schedule) async {
    do {
        let run = try await run(schedule) { await racingAppends() }
        print("interleaving \(run.interleaving) hash \(Seed.format(run.scheduleHash)) outcome \(run.value)")
    } catch {
        print("failed: \(error)")
    }
}

/// What a child process printed for the racing scenario under seed 0x5eed (`printRun`), and the
/// replay string in it.
func seededRunInAChild(sourceLocation: SourceLocation = #_sourceLocation) async throws -> (printed: String, text: String) {
    let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent], sourceLocation: sourceLocation) {
        await printRun(.seeded(0x5eed))
    }
    let printed = String(decoding: try #require(child, sourceLocation: sourceLocation).standardOutputContent, as: UTF8.self)
    let text = try #require(printed.split(separator: " ").dropFirst().first.map(String.init),
                            "the child printed: \(printed)", sourceLocation: sourceLocation)
    return (printed, text)
}

@Suite("Replay across processes", scaledTimeLimit(minutes: 1))
struct ProcessTests {
    @Test("the same seed gives the same schedule hash in two separate processes")
    func twoProcesses() async throws {
        let first = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            await printRun(.seeded(0x5eed))
        }
        let second = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            await printRun(.seeded(0x5eed))
        }
        let a = String(decoding: try #require(first).standardOutputContent, as: UTF8.self)
        let b = String(decoding: try #require(second).standardOutputContent, as: UTF8.self)
        #expect(a.contains("hash 0x"), "the child printed: \(a)")
        #expect(a == b, "two processes, one seed, two schedules:\n\(a)\n\(b)")
        // And this process agrees with both.
        let here = try await run(.seeded(0x5eed)) { await racingAppends() }
        #expect(a.contains(Seed.format(here.scheduleHash)), "this process: \(Seed.format(here.scheduleHash)); child: \(a)")
    }
}

@Suite("A printed interleaving replays across processes", scaledTimeLimit(minutes: 1))
struct InterleavingProcessTests {
    @Test("a replay string printed by one process gives the same schedule and outcome in another, without the seed")
    func replayStringInAnotherProcess() async throws {
        let (printed, text) = try await seededRunInAChild()
        let second = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [text = text as String] in
            await printRun(.replay(Interleaving(parsing: text)!))
        }
        let replayed = String(decoding: try #require(second).standardOutputContent, as: UTF8.self)
        #expect(printed.hasPrefix("interleaving s1-") && replayed == printed,
                """
                the replay string \(text) gave another run in a second process than the seeded run that printed it — \
                seeded: \(printed)replayed: \(replayed)
                """)
    }
}

@Suite("HARNESS_SCHEDULE replays every seeded run, not only explorers", scaledTimeLimit(minutes: 1))
struct ScheduleVariableProcessTests {
    @Test("a process with HARNESS_SCHEDULE set plays that interleaving where a test calls run(.seeded(…)) itself, whatever the seed")
    func scheduleVariableReplaysSeededRuns() async throws {
        let (printed, text) = try await seededRunInAChild()
        // Another seed, run here without the variable: a schedule of its own, so the replay below cannot pass by luck.
        let other = try await run(.seeded(0xd1ff)) { await racingAppends() }
        #expect(!printed.contains(other.interleaving.description + " "),
                "seeds 0x5eed and 0xd1ff gave the same interleaving \(other.interleaving): pick another seed for the test")
        let second = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) { [text = text as String] in
            // Set before the harness first reads its settings in this new process: as a pasted replay command sets it.
            setOnlyHarnessVariable("HARNESS_SCHEDULE", text)
            await printRun(.seeded(0xd1ff))
        }
        let replayed = String(decoding: try #require(second).standardOutputContent, as: UTF8.self)
        #expect(printed.hasPrefix("interleaving s1-") && replayed == printed,
                """
                with HARNESS_SCHEDULE=\(text), run(.seeded(0xd1ff)) in another process gave another run than the one \
                that printed it — printed: \(printed)replayed: \(replayed)
                """)
    }
}

@Suite("HARNESS_SCHEDULE printed by another scenario is said, not played as if it were this one's", scaledTimeLimit(minutes: 1))
struct ScheduleMisfitProcessTests {
    @Test("a seeded run under a HARNESS_SCHEDULE whose choice points are not this scenario's fails as a bad setting, naming the string")
    func misfitIsABadSetting() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            // All calm, so every choice fits; but the scenario that printed it had 3 choice points.
            setOnlyHarnessVariable("HARNESS_SCHEDULE", "s1-:3")
            await printRun(.seeded(0xd1ff))
        }
        let printed = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
        #expect(printed.contains("bad setting") && printed.contains("s1-:3") && printed.contains("does not fit this scenario"),
                "a string from a run of 3 choice points played in one of more: the child printed \(printed)")
    }
}

/// In an exit test's child, before the harness first reads its settings: `name=value`, and no other `HARNESS_*`
/// variable the parent had (a `HARNESS_SEEDS` slice in the weekly seeds job would otherwise stand beside a
/// `HARNESS_SCHEDULE`, a bad setting, and the child would test that instead).
func setOnlyHarnessVariable(_ name: String, _ value: String) {
    for key in ProcessInfo.processInfo.environment.keys where key.hasPrefix("HARNESS_") { unsetenv(key) }
    setenv(name, value, 1)
}

/// In an exit test's child: runs `body`, capturing the issues the adapter records (a child's issues are its test's,
/// and a green run prints none), and ends the child with status 4 unless the misfit warning is among them — the
/// pasted string does not fit the run, which these tests are about — and nothing else is but the timeline of a run
/// the string fitted and that held.
func expectingOnlyTheMisfit(_ body: () async -> Void) async {
    let issues = await capturingIssues { await body() }
    let misfit = { (issue: String) in issue.contains("does not fit this scenario") }
    if !issues.contains(where: misfit) || !issues.allSatisfy({ misfit($0) || $0.contains("held on the replayed run") }) {
        exit(4)
    }
}

@Suite("A HARNESS_SCHEDULE string that fits no run of the process is an error, not a green run", scaledTimeLimit(minutes: 1))
struct ScheduleFitsNothingProcessTests {
    @Test("a test process whose every run misfits the pasted string ends with status 65, and says so naming the string")
    func nothingFittedEndsInError() async throws {
        await #expect(processExitsWith: .exitCode(65)) {
            setOnlyHarnessVariable("HARNESS_SCHEDULE", "s1-:3")
            await expectingOnlyTheMisfit { await verify(anyOutcome { await racingAppends() }) }
        }
        let said = ReplayTally.complaint(string: "s1-:3", counts: (fitted: 0, misfits: 2)) ?? ""
        #expect(said.contains("bad setting HARNESS_SCHEDULE='s1-:3'") && said.contains("fitted none of the 2 runs"), "\(said)")
        #expect(ReplayTally.complaint(string: "s1-:3", counts: (fitted: 1, misfits: 2)) == nil)
        #expect(ReplayTally.complaint(string: "s1-:3", counts: (fitted: 0, misfits: 0)) == nil)
    }

    @Test("a claim whose seeded runs do not fit the pasted string warns (they replayed nothing) and judges nothing")
    func claimMisfitOnlyWarns() async throws {
        await #expect(processExitsWith: .exitCode(65)) {
            setOnlyHarnessVariable("HARNESS_SCHEDULE", "s1-:3")
            await expectingOnlyTheMisfit {
                let result = await verify(Claim("each of five tasks appends twice", runs: [.strict, .seeds(5)],
                                                expect: Expectation(every: .that("ten entries") { $0.count == 10 }),
                                                control: .counterfactual("one entry") { [1] }) { await racingAppends() })
                // Strict ran and held; the seeded run was another's string: left out, and no control was judged.
                if result.misfit == nil || result.runs.count != 1 || result.control != nil { exit(3) }
            }
        }
    }

    @Test("where the string fits one run and misfits another (another case of the test), the process ends well")
    func oneFitIsEnough() async throws {
        let text = try await seededRunInAChild().text
        let pours = try await run(.seeded(0x5eed)) { await yieldingPours(2) }
        #expect(Interleaving(parsing: text)?.points != pours.interleaving.choices.count,
                "the two scenarios have as many choice points (\(text)): pick another for the misfit")
        await #expect(processExitsWith: .success) { [text = text as String] in
            setOnlyHarnessVariable("HARNESS_SCHEDULE", text)
            await expectingOnlyTheMisfit {
                await verify(anyOutcome { await yieldingPours(2) })
                await verify(anyOutcome { await racingAppends() })
            }
        }
    }
}

/// A claim of two named tasks racing to write first, which misses on the seeds where bea writes first.
func adaWritesFirst() -> Claim<[String]> {
    Claim("ada always writes first", runs: [.seeds(20)], expect: Expectation(every: .that("ada first") { $0.first == "ada" }),
          control: .none(why: "a test of replay selection")) { await notedRace() }
}

@Suite("A replay line selects its own claim: the test's other cases do not run, and none warns", scaledTimeLimit(minutes: 1))
struct ClaimSelectionProcessTests {
    @Test("with HARNESS_CLAIM and HARNESS_SCHEDULE as a miss printed them, that claim fails again and another case of the test does not run")
    func replayRunsItsClaimAlone() async throws {
        let result = await check(adaWritesFirst())
        let text = try #require(result.counterexamples.first?.interleaving?.description, "\(result.observed())")
        await #expect(processExitsWith: .success) { [text = text as String, key = adaWritesFirst().key as String] in
            setOnlyHarnessVariable("HARNESS_SCHEDULE", text)
            setenv("HARNESS_CLAIM", key, 1)
            let otherRan = Mutex(false)
            let issues = await capturingIssues {
                await verify(adaWritesFirst())
                // Another case of the same test: a scenario of other choice points, which the string would not fit.
                await verify(anyOutcome { otherRan.withLock { $0 = true }; return await racingAppends() })
            }
            // One issue, the claim's miss replayed; no warning that the string does not fit the other case.
            guard issues.count == 1, issues[0].contains("ada always writes first"), issues[0].contains("HARNESS_CLAIM=\(key)"),
                  !otherRan.withLock({ $0 }) else { exit(4) }
        }
    }

    @Test("what the process says as it ends: how many claims were left out, or that none had the key")
    func selectionSummary() {
        #expect(ClaimSelection.summary(named: nil, counts: (ran: 3, leftOut: 0)) == nil)
        let left = ClaimSelection.summary(named: "5f3a9c21", counts: (ran: 1, leftOut: 9))
        #expect(left?.isError == false && left?.text.contains("9 other claims") == true, "\(String(describing: left))")
        let none = ClaimSelection.summary(named: "5f3a9c21", counts: (ran: 0, leftOut: 4))
        #expect(none?.isError == true && none?.text.contains("bad setting HARNESS_CLAIM=5f3a9c21") == true,
                "\(String(describing: none))")
    }

    @Test("a claim's key is the same in every process and build: its words, runs and expectation, hashed")
    func keyIsStable() {
        #expect(adaWritesFirst().key == "98b6bf54")
        var other = adaWritesFirst()
        other.runs = [.seeds(21)]
        #expect(other.key != adaWritesFirst().key)
    }
}
