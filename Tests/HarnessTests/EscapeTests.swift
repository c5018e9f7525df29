import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("What runs under the harness, and what escapes it", scaledTimeLimit(minutes: 1))
struct EscapeTests {
    @Test("child tasks, async let, actors, Task {} and Task.detached all run on the harness thread", .needs(.defaultExecutor),
          arguments: [Schedule.strict, .seeded(11)])
    func caught(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) {
            async let child = isOnHarnessThread()
            let unstructured = await Task { isOnHarnessThread() }.value
            let detached = await Task.detached { isOnHarnessThread() }.value
            let afterSleep = await Task.detached { () -> Bool in
                try? await Task.sleep(for: .milliseconds(5))
                return isOnHarnessThread()
            }.value
            let onActor = await Log().onHarness()
            return [isOnHarnessThread(), await child, unstructured, detached, afterSleep, onActor]
        }
        #expect(run.value == [true, true, true, true, true, true],
                "[body, async let, Task {}, Task.detached, after a sleep, actor] on the harness thread: \(run.value)")
    }

    @Test("two scenarios in parallel tests keep their own schedules")
    func parallelRunsDoNotInterfere() async throws {
        let alone = try await ConcurrencyHarness.run(.seeded(21)) { await racingAppends() }
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

@Suite("Unstructured tasks on actors stay inside across sleeps", scaledTimeLimit(minutes: 1))
struct GlobalActorEscapeTests {
    @Test("Task { @GlobalActor in } sleeps on the run's clock and wakes on the harness thread, with no grace", .needs(.defaultExecutor, .timers),
          arguments: [Schedule.strict, .seeded(1), .seeded(2)])
    func globalActorTaskStaysAcrossSleep(schedule: Schedule) async throws {
        // Such a task has no executor preference, and the global actor takes no timers, so its sleep goes to the
        // process's default executor: the harness's (`ProcessDefaultExecutor`), which keeps it in the run.
        let run = try await ConcurrencyHarness.run(schedule) {
            await Task { @TestGlobalActor () -> [Bool] in
                let before = isOnHarnessThread()
                try? await Task.sleep(for: .milliseconds(1))
                return [before, isOnHarnessThread()]
            }.value
        }
        #expect(run.value == [true, true], "[before the sleep, after it] on the harness thread: \(run.value)")
        if schedule != .strict { #expect(run.elapsed == .milliseconds(1), "virtual time at the end: \(run.elapsed)") }
    }

    @Test("a Task {} inside an actor of the scenario's own stays under the harness across sleeps", .needs(.defaultExecutor, .timers))
    func instanceActorTaskStays() async throws {
        let run = try await ConcurrencyHarness.run(.seeded(1)) { await Log().spawnAndSleep() }
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
