import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Dispatch
import Testing

/// A monitor whose first use starts a heartbeat — a repeating 2 ms `DispatchSourceTimer` on a queue of its own — that
/// beats for as long as the process lives (until told to stop, so that it leaves nothing behind for other tests): the
/// shape of a `static let shared` that keeps a timer going.
final class HeartbeatMonitor: Sendable {
    /// The one monitor, made by the first run that touches it.
    static let shared = HeartbeatMonitor()
    /// Its beats.
    private let beats = Sweeps()

    /// Starts the heartbeat; its handler keeps the timer until the last beat cancels it.
    private init() {
        let timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "heartbeat monitor"))
        timer.setEventHandler { [beats] in
            if beats.sweep() { timer.cancel() }
        }
        timer.schedule(deadline: .now() + .milliseconds(2), repeating: .milliseconds(2))
        timer.resume()
    }

    /// The number of the next beat, when it comes.
    func nextBeat() async -> Int { await beats.next() }

    /// Makes the next beat the last, and waits for it.
    func stop() async -> Int { await beats.next(last: true) }

    /// Uses the monitor, through `swift_once` (never folded away by the optimiser).
    @inline(never) @_optimize(none)
    static func use() { _ = shared }
}

@Suite("A timer source a static let starts lives as long as the process", scaledTimeLimit(minutes: 1))
struct ProcessLivedSourceTests {
    /// Two beats awaited one after the other, as `dispatch-timer-singleton` of the corpus does.
    @Sendable static func twoBeats() async -> String {
        let first = await HeartbeatMonitor.shared.nextBeat()
        let second = await HeartbeatMonitor.shared.nextBeat()
        return second > first ? "2 beats, in order" : "beat \(second) after beat \(first)"
    }

    @Test("a repeating timer a static let starts in the first run beats for every later run, strict, seeded and PCT, the same seed the same schedule")
    func heartbeatOutlivesItsRun() async throws {
        let (outcomes, differing, runs) = await outcomesOfLaterRuns(Self.twoBeats)
        #expect(outcomes == ["2 beats, in order": runs], "the real runtime gives 2 beats, in order, every time")
        #expect(differing.isEmpty, "the same seed should give the same schedule: \(differing)")
        // A run that uses the monitor and waits for what nobody gives: the heartbeat's firings bring it nothing, so it
        // gives the heartbeat back and is a deadlock, as it would be without one — not a run that beats for ever (that
        // would be cut short by its escaped work, kept low here so that it is seen in seconds).
        let quick = RunOptions { $0.escapedWorkLimit = 1_000 }
        for schedule in [Schedule.strict, .seeded(1)] {
            do {
                let _: Run<Void> = try await run(schedule, options: quick) {
                    HeartbeatMonitor.use()
                    let _: Void = await waitForAResumeNobodyMakes()
                }
                Issue.record("a continuation nobody resumes beside a heartbeat must be a deadlock under \(schedule)")
            } catch {
                #expect(error.kind == .deadlock && !error.hitTimeLimit, "under \(schedule): \(error)")
            }
        }
        // Given back, it beats again for the next run that uses it.
        #expect(try await run(.seeded(1), Self.twoBeats).value == "2 beats, in order")
        // The heartbeat's last beat, in a run of its own: its timer is cancelled, none is left for other tests' runs.
        let last = try await run(.strict) { await HeartbeatMonitor.shared.stop() }
        #expect(last.value > 2)
    }
}
