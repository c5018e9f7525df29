import Dispatch
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing

/// A timer source kept past the run that made it, and what its handler counted. `@unchecked Sendable`: Dispatch
/// documents a source's methods (`cancel()`, `data`) as safe from any thread, and `source` is set once, before the
/// handler can run.
private final class KeptTimer: @unchecked Sendable {
    /// The source, once made.
    var source: DispatchSourceTimer?
    /// The firings its handler saw (a handler called late counts each firing it stands for: `data`).
    let firings = Atomic<Int>(0)
}

@Suite("A Dispatch timer source a seeded run made goes back to Dispatch's clock when the run ends, and keeps firing",
       .serialized, scaledTimeLimit(minutes: 1), .needs(.outsideWork))
struct SourceTimerHandBackTests {
    @Test("a 2 ms repeating timer started in a seeded run that returns keeps firing after it: at least 5 firings before a 300 ms timer made after the run")
    func repeatingTimerKeepsFiring() async throws {
        let queue = DispatchQueue(label: "kept timer")
        for seed in UInt64(1)...3 {
            let kept = KeptTimer()
            _ = try await ConcurrencyHarness.run(.seeded(seed)) {
                let timer = DispatchSource.makeTimerSource(queue: queue)
                kept.source = timer
                timer.setEventHandler { kept.firings.add(max(Int(kept.source?.data ?? 0), 1), ordering: .relaxed) }
                timer.schedule(deadline: .now() + .milliseconds(2), repeating: .milliseconds(2))
                timer.resume()
                return 0
            }
            // A timer made after the run, on the same serial queue, due well after the kept one's next firings:
            // Dispatch fires due timers in deadline order, so by the time its handler runs the kept one's have.
            let after = await firingsBefore(aTimerIn: .milliseconds(300), on: queue, kept)
            kept.source?.cancel()
            #expect(after >= 5, "seed \(seed): the kept timer fired \(after) times in the 300 ms after its run")
        }
    }

    @Test("timer sources a seeded run cancels, or lets go of, before it returns are not touched after it: 150 runs, no crash")
    func releasedTimersAreNotTouched() async throws {
        var finished = 0
        for seed in UInt64(1)...50 {
            for cancels in [true, false] {
                let run = try await ConcurrencyHarness.run(.seeded(seed)) { () -> Int in
                    var timer: DispatchSourceTimer? = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "dropped"))
                    timer?.setEventHandler {}
                    timer?.schedule(deadline: .now() + .milliseconds(2), repeating: .milliseconds(2))
                    timer?.resume()
                    if cancels { timer?.cancel() }
                    timer = nil
                    try? await Task.sleep(for: .milliseconds(5))
                    return 1
                }
                finished += run.value
            }
            // A one-shot timer that fires inside the run, then is let go of.
            let run = try await ConcurrencyHarness.run(.seeded(seed)) { () -> Int in
                await withCheckedContinuation { continuation in
                    let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "one shot"))
                    timer.setEventHandler { continuation.resume() }
                    timer.schedule(deadline: .now() + .milliseconds(1))
                    timer.resume()
                }
                return 1
            }
            finished += run.value
        }
        #expect(finished == 150)
    }

    /// The firings `kept` counted when a timer made now, due in `delay`, on `queue`, fired.
    private func firingsBefore(aTimerIn delay: DispatchTimeInterval, on queue: DispatchQueue, _ kept: KeptTimer) async
        -> Int {
        await withCheckedContinuation { continuation in
            let reference = DispatchSource.makeTimerSource(queue: queue)
            reference.setEventHandler {
                reference.cancel()
                continuation.resume(returning: kept.firings.load(ordering: .relaxed))
            }
            reference.schedule(deadline: .now() + delay)
            reference.resume()
        }
    }
}
