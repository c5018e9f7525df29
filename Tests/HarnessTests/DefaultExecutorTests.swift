import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// An actor whose method yields halfway: a task that enters it while it is free runs it in place, on its own.
actor Stepper {
    /// Steps taken, two a call.
    private(set) var count = 0
    /// Counts, yields, counts again; says whether it ran on a harness thread after the yield.
    func step() async -> Bool {
        count += 1
        await Task.yield()
        count += 1
        return isOnHarnessThread()
    }
    /// Sleeps inside the actor; says whether it woke on a harness thread.
    func nap(_ duration: Duration) async -> Bool {
        try? await Task.sleep(for: duration)
        return isOnHarnessThread()
    }
}

@Suite("The process's default executor keeps a run's tasks inside it", scaledTimeLimit(minutes: 1))
struct DefaultExecutorTests {
    @Test("a Task {} that enters a free actor and yields there stays on the harness thread, and finishes", .needs(.defaultExecutor),
          arguments: [Schedule.strict, .seeded(1), .seeded(2), .seeded(3)])
    func yieldInsideAnActor(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> [Int] in
            let stepper = Stepper()
            let stayed = await Task { () -> Bool in
                var stayed = true
                for _ in 0..<10 { stayed = await stepper.step() && stayed }
                return stayed
            }.value
            return [await stepper.count, stayed ? 1 : 0]
        }
        #expect(run.value == [20, 1], "[steps, stayed on the harness thread]: \(run.value)")
    }

    @Test("a Task {} that sleeps inside an actor wakes on the harness thread, after exactly its sleep in virtual time", .needs(.defaultExecutor, .timers),
          arguments: [UInt64(1), 2, 3])
    func sleepInsideAnActor(seed: UInt64) async throws {
        let run = try await ConcurrencyHarness.run(.seeded(seed)) { () -> Bool in
            let stepper = Stepper()
            return await Task { await stepper.nap(.milliseconds(50)) }.value
        }
        #expect(run.value, "woke on the harness thread")
        #expect(run.elapsed == .milliseconds(50), "virtual time at the end: \(run.elapsed)")
    }

    @Test("outside any run, a yield and a sleep on the real pool stay on the real pool")
    func outsideARunNothingChanges() async {
        let stepper = Stepper()
        let afterYield = await Task.detached { await stepper.step() }.value
        let afterSleep = await Task.detached { await stepper.nap(.milliseconds(1)) }.value
        #expect(!afterYield && !afterSleep, "a task outside any run never lands on a harness thread")
    }
}
