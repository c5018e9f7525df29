import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// A connection whose callbacks come on a queue it owns: made, used and dropped in one expression, as
/// `Connection().open { … }` is.
final class QueueOwningConnection: Sendable {
    /// The queue the callbacks come on, freed with the connection.
    private let queue = DispatchQueue(label: "connection")

    /// Calls `done` on the connection's queue.
    func open(_ done: @escaping @Sendable (String) -> Void) {
        queue.async { done("opened") }
    }
}

/// Runs a block in a group of its own on the global queue, and gives the lines seen once the group is done; the group's
/// last reference is gone when this returns.
func notifyWhenDone(_ give: @escaping @Sendable ([String]) -> Void) {
    let lines = LockedLines()
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { lines.append("block") }
    group.notify(queue: .global()) {
        lines.append("notify")
        give(lines.lines)
    }
}

@Suite("Dispatch work a job hands out is held until the job suspends, and stays whole meanwhile",
       scaledTimeLimit(minutes: 1))
struct HeldWorkTests {
    @Test("a block for a queue whose last owner is gone before the job ends still runs",
          arguments: [Schedule.strict, .seeded(1), .seeded(2), .seeded(3)])
    func queueOutlivesItsOwner(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> String in
            await resumed { give in QueueOwningConnection().open(give) }
        }
        #expect(run.value == "opened")
    }

    @Test("a group made and dropped inside a job still runs its block, then its notify",
          arguments: [Schedule.strict, .seeded(1), .seeded(2), .seeded(3)])
    func groupOutlivesItsOwner(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { () -> [String] in
            await resumed { give in notifyWhenDone(give) }
        }
        #expect(run.value == ["block", "notify"])
    }
}
