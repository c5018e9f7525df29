import Dispatch
import Foundation
import ConcurrencyHarness
@testable import ConcurrencyHarnessTesting
import Testing

// A Dispatch group's wait under seeded runs (Sources/CHarnessTime/Locks.c, OutsideWork.c): a wait for a group not yet
// empty waits in the run while another job could go on, and in the library only when nothing else can move.

/// Waits for `group` (a function of its own: the wait blocks its thread): 1 once it is empty.
private func waitFor(_ group: DispatchGroup) -> Int {
    group.wait()
    return 1
}

/// Waits for `group` for `seconds` at most: whether it emptied, and how long the wait lasted on the clock the job reads.
private func waitFor(_ group: DispatchGroup, within seconds: Int) -> (empty: Bool, waited: Duration) {
    let start = ContinuousClock.now
    let result = group.wait(timeout: .now() + .seconds(seconds))
    return (result == .success, start.duration(to: .now))
}

/// One child task waits for a group entered before; a sibling takes a lock of its own, then leaves the group: 1 once
/// the wait was answered.
private func leftByASibling() async -> Int {
    let group = DispatchGroup(), inner = NSLock()
    group.enter()
    return await withTaskGroup(of: Int.self) { tasks in
        tasks.addTask { waitFor(group) }
        tasks.addTask {
            inner.withLock {}
            group.leave()
            return 0
        }
        return await tasks.reduce(0, +)
    }
}

@Suite("A Dispatch group's wait waits in the run under seeded schedules", .serialized, .needs(.lockChoicePoints),
       scaledTimeLimit(minutes: 2))
struct GroupWaitTests {
    /// A short watchdog: a false "blocked thread" shows at once instead of after the default limit.
    static let quick = RunOptions { $0.blockedThreadLimit = .milliseconds(400) }

    @Test("a group wait whose leave comes from a sibling task of the run is answered on every seed, the same seed giving the same schedule")
    func leaveFromASibling() async throws {
        let waitsBefore = LockPoints.semaphoreWaits
        for seed in UInt64(0)..<30 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) { await leftByASibling() }
            #expect(run.value == 1, "seed \(seed): \(run.value)")
            let again = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) { await leftByASibling() }
            #expect(again.scheduleHash == run.scheduleHash, "seed \(seed) ran twice: \(run.interleaving) then \(again.interleaving)")
        }
        let waits = LockPoints.semaphoreWaits - waitsBefore
        print("[groups] left by a sibling: \(waits) waits in the run over 60 runs")
        #expect(waits > 0, "no wait of 30 seeds ever waited in the run: the wait was never reached first")
    }

    @Test("a timed group wait nobody leaves ends at exactly its deadline on the run's clock")
    func timedWaitEndsAtItsDeadline() async throws {
        for seed in UInt64(0)..<20 {
            let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                let group = DispatchGroup()
                group.enter()
                async let unanswered = waitFor(group, within: 5)
                try? await Task.sleep(for: .seconds(1))
                let result = await unanswered
                group.leave()
                return result
            }
            #expect(!run.value.empty && run.value.waited == .seconds(5), "seed \(seed): \(run.value)")
        }
    }

    @Test("a group wait nothing of the run can answer still blocks its thread, as before: a blocked thread")
    func unansweredWaitStillReported() async throws {
        for seed in UInt64(0)..<3 {
            let group = DispatchGroup()
            group.enter()
            defer { group.leave() }
            do {
                let run = try await ConcurrencyHarness.run(.seeded(seed), options: Self.quick) {
                    await withTaskGroup(of: Int.self) { tasks in
                        tasks.addTask { waitFor(group) }
                        tasks.addTask {
                            try? await Task.sleep(for: .seconds(1))
                            return 0
                        }
                        return await tasks.reduce(0, +)
                    }
                }
                Issue.record("seed \(seed): a wait nobody answers was answered: \(run.value)")
            } catch {
                #expect(error.kind == .blockedThread, "seed \(seed): \(error)")
            }
        }
    }
}
