import Foundation
import Harness
import HarnessTesting
import Testing

@Suite("What runs under the harness, and what escapes it", scaledTimeLimit(minutes: 1))
struct EscapeTests {
    @Test("child tasks, async let, actors, Task {} and Task.detached all run on the harness thread",
          arguments: [Schedule.strict, .seeded(11)])
    func caught(schedule: Schedule) async throws {
        let run = try #require(await runRecordingIssues(schedule) {
            async let child = isOnHarnessThread()
            let unstructured = await Task { isOnHarnessThread() }.value
            let detached = await Task.detached { isOnHarnessThread() }.value
            let afterSleep = await Task.detached { () -> Bool in
                try? await Task.sleep(for: .milliseconds(5))
                return isOnHarnessThread()
            }.value
            let onActor = await Log().onHarness()
            return [isOnHarnessThread(), await child, unstructured, detached, afterSleep, onActor]
        })
        #expect(run.value == [true, true, true, true, true, true],
                "[body, async let, Task {}, Task.detached, after a sleep, actor] on the harness thread: \(run.value)")
    }

    @Test("two scenarios in parallel tests keep their own schedules")
    func parallelRunsDoNotInterfere() async throws {
        let alone = try #require(await runRecordingIssues(.seeded(21)) { await racingAppends() })
        async let first = run(.seeded(21)) { await racingAppends() }
        async let second = run(.seeded(22)) { await racingAppends() }
        async let third = run(.strict) { await racingAppends() }
        let (a, _, c) = try await (first, second, third)
        #expect(a.scheduleHash == alone.scheduleHash && a.value == alone.value,
                "a seeded run beside others must replay exactly as alone")
        #expect(c.value == [0, 1, 2, 3, 4, 0, 1, 2, 3, 4])
    }
}

extension Log {
    /// Whether the actor's code runs on a harness thread.
    func onHarness() -> Bool { isOnHarnessThread() }
}

/// A global actor of the harness's tests.
@globalActor actor TestGlobalActor {
    /// The one instance.
    static let shared = TestGlobalActor()
}

@Suite("What escapes: an unstructured task on a global actor sleeps on the real clock", scaledTimeLimit(minutes: 1))
struct GlobalActorEscapeTests {
    @Test("Task { @GlobalActor in } starts on the harness thread, and may wake from Task.sleep on the real pool")
    func globalActorTaskEscapesAfterSleep() async throws {
        // Documented limit (README, GlobalEnqueueHook): on Swift 6.3 such a task has no executor the
        // runtime asks for its timer but the global one, so its sleep is real and it resumes off
        // the harness. A scenario that does this needs `outsideWorkGrace` and is not replayable.
        // The grace is wall time, and the wake-up waits for the real pool, which the process's other
        // suites share: 2 s ran out once with a CI run and a soak side by side (load above 10). The
        // run ends as soon as the wake-up comes, so a long grace costs nothing when all is well.
        let options = RunOptions { $0.outsideWorkGrace = .seconds(20) }
        let run = try #require(await runRecordingIssues(.seeded(1), options: options) {
            await Task { @TestGlobalActor () -> [Bool] in
                let before = isOnHarnessThread()
                try? await Task.sleep(for: .milliseconds(1))
                return [before, isOnHarnessThread()]
            }.value
        })
        // Where it wakes depends on the runtime's choice of timer (usually the real pool's, sometimes
        // the harness's): only the start is a promise; the run must finish either way.
        #expect(run.value.first == true, "the task must start on the harness thread: \(run.value)")
        print("◇ a global-actor task woke from its sleep \(run.value.last == true ? "on the harness" : "on the real pool")")
    }

    @Test("a Task {} inside an actor of the scenario's own stays under the harness across sleeps")
    func instanceActorTaskStays() async throws {
        let run = try #require(await runRecordingIssues(.seeded(1)) { await Log().spawnAndSleep() })
        #expect(run.value == [true, true], "[before the sleep, after it] on the harness thread: \(run.value)")
    }
}

extension Log {
    /// Starts a task that inherits this actor, sleeps in it, and says where it ran.
    func spawnAndSleep() async -> [Bool] {
        await Task { () -> [Bool] in
            let before = isOnHarnessThread()
            try? await Task.sleep(for: .milliseconds(1))
            return [before, isOnHarnessThread()]
        }.value
    }
}
