import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Main-actor code that asks Dispatch whether it runs on the main queue, as UIKit-era code does.
@MainActor enum MainQueueCheck {
    /// Asserts the main queue, then says whether the thread is the process's main thread.
    static func assertsTheMainQueue() -> Bool {
        dispatchPrecondition(condition: .onQueue(.main))
        return Thread.isMainThread
    }
}

/// Code that is not isolated to the main actor, making the same assertion.
enum OffMainQueueCheck {
    /// Asserts the main queue from wherever it is called.
    static func assertsTheMainQueue() {
        dispatchPrecondition(condition: .onQueue(.main))
    }
}

@Suite("The main queue's precondition inside a run: holds in main-actor code, still guards elsewhere", scaledTimeLimit(minutes: 1))
struct MainQueueTests {
    @Test("dispatchPrecondition(.onQueue(.main)) in main-actor code holds under strict and seeded; Thread.isMainThread is false there", .needs(.mainQueue))
    func mainQueuePreconditionHolds() async {
        // In a process of its own: before the harness answered for the main queue, this stopped the whole process.
        await #expect(processExitsWith: .success) {
            for schedule in [Schedule.strict, .seeded(7)] {
                let run = try? await run(schedule) { await MainQueueCheck.assertsTheMainQueue() }
                if run?.value != false { exit(1) }
            }
        }
    }

    @Test("the same precondition in code not isolated to the main actor still stops the process, as on the real runtime")
    func offMainPreconditionStillGuards() async {
        await #expect(processExitsWith: .failure) {
            _ = try? await run(.seeded(7)) { OffMainQueueCheck.assertsTheMainQueue() }
        }
    }
}
