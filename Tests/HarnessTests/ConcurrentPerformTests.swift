import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("DispatchQueue.concurrentPerform inside a run runs its iterations in order, on the thread that called it",
       scaledTimeLimit(minutes: 1), .needs(.outsideWork))
struct ConcurrentPerformTests {
    /// Which iterations ran, in the order they ran, and whether each ran on the calling thread. Each takes half a
    /// millisecond, so that on Dispatch's own workers several would run at once.
    private static func perform(_ iterations: Int) -> [String] {
        let seen = LockedLines()
        let caller = pthread_self()
        DispatchQueue.concurrentPerform(iterations: iterations) { iteration in
            usleep(500)
            seen.append(pthread_equal(pthread_self(), caller) != 0 ? "\(iteration)" : "\(iteration) on another thread")
        }
        return seen.lines
    }

    @Test("concurrentPerform in a job of a run runs its iterations 0, 1, 2… on the job's thread, strict and seeded",
          arguments: [Schedule.strict, .seeded(1), .seeded(2), .seeded(3)])
    func iterationsInOrder(schedule: Schedule) async throws {
        let run = try await ConcurrencyHarness.run(schedule) { Self.perform(8) }
        #expect(run.value == (0..<8).map(String.init), "iterations ran as \(run.value)")
    }

    @Test("concurrentPerform outside a run is Dispatch's own: every iteration runs once")
    func outsideARun() {
        let seen = Self.perform(8).map { $0.split(separator: " ")[0] }
        #expect(seen.sorted() == (0..<8).map { Substring(String($0)) }, "iterations ran as \(seen)")
    }
}
