import CHarnessTime
import Dispatch
import Foundation
@testable import Harness
import HarnessTesting
import Testing

/// A blocked thread is one that held the strict pool: running, or asleep on a semaphore, a lock or a timer. A thread
/// the OS did not run (a loaded machine) or that waited for the disk is not.
@Suite("The watchdog tells a job that blocks from a thread the OS did not run", .timeLimit(.minutes(1)))
struct WatchdogTests {
    /// A limit short enough to keep the tests quick, long enough to be clear of a job's ordinary cost.
    static let limit = RunOptions { $0.blockedThreadLimit = .milliseconds(400) }

    @Test("a job that waits on a semaphore past the limit is a blocked thread")
    func semaphoreWait() async {
        await expectFailure(.blockedThread, under: .strict, options: Self.limit, "a semaphore wait holds the thread") {
            _ = DispatchSemaphore(value: 0).wait(timeout: .now() + .milliseconds(1_500))
        }
    }

    @Test("a job that spins past the limit is a blocked thread")
    func spin() async {
        await expectFailure(.blockedThread, under: .strict, options: Self.limit, "a spin holds the thread") {
            burnCPU(.milliseconds(1_500))
        }
    }

    @Test("a harness thread that shares its CPU with three spinning threads is not blocked, though its job outlasts the limit")
    func starvedThreadIsNotBlocked() async throws {
        let run = try #require(await runRecordingIssues(.strict, options: Self.limit,
                                                       claim: "a thread the OS did not run is not a blocked thread") {
            starved(spinning: .milliseconds(250), beside: 3)
        })
        // The job's CPU time (250 ms) is under the limit; its wall time, shared four ways, is not.
        #expect(run.value == nil, "the CPU could not be shared as planned: \(run.value ?? "")")
    }

    @Test("the judgement: wall time less the wait for a CPU and for the disk is what a job held")
    func holdMeter() {
        var meter = HoldMeter()
        _ = meter.look(job: 1, wall: 0, waiting: 0)
        let starved = meter.look(job: 1, wall: 1_500_000_000, waiting: 1_300_000_000)
        #expect(starved.jobHeld == 200_000_000, "1.5 s of wall time, 1.3 s of it waiting for a CPU: held 0.2 s")
        let blocked = meter.look(job: 1, wall: 2_500_000_000, waiting: 1_300_000_000)
        #expect(blocked.jobHeld == 1_200_000_000, "then 1 s more, running or asleep: held 1.2 s")
        let disk = meter.look(job: 1, wall: 3_500_000_000, waiting: 1_300_000_000, waitingForDisk: true)
        #expect(disk.jobHeld == 1_200_000_000, "then 1 s waiting for the disk: still 1.2 s")
        let next = meter.look(job: 2, jobStart: 3_600_000_000, wall: 3_600_000_000, waiting: 1_300_000_000)
        #expect(next.jobHeld == 0 && next.runHad == 3_600_000_000 - 1_300_000_000 - 1_000_000_000)
    }

    @Test("a watchdog that looks late still times a job from its start, and counts no CPU wait from before it as held")
    func lateLook() {
        var meter = HoldMeter()
        _ = meter.look(job: 0, wall: 0, waiting: 0)
        // The job started at 0.1 s; the watchdog, starved itself, next looks at 1.2 s: the thread waited 0.2 s for
        // a CPU in between, and held it for the other 0.9 s.
        let late = meter.look(job: 1, jobStart: 100_000_000, wall: 1_200_000_000, waiting: 200_000_000)
        #expect(late.jobHeld == 900_000_000, "held: \(late.jobHeld) ns")
    }
}

/// Pins this thread and `count` spinning threads to one CPU, spins for `cpu` of this thread's CPU time, and returns
/// nil if the wall time it took was more than twice that (the OS shared the CPU), else why not.
func starved(spinning cpu: Duration, beside count: Int) -> String? {
    #if os(Linux)
    let core = harness_pin_to_current_cpu(-1)
    guard core >= 0 else { return "could not pin to a CPU" }
    let stop = AtomicFlag()
    for _ in 0..<count {
        Thread.detachNewThread {
            _ = harness_pin_to_current_cpu(core)
            while !stop.isSet {}
        }
    }
    let started = DispatchTime.now().uptimeNanoseconds  // Dispatch's clock is real: this strict run's time is real
    burnCPU(cpu)
    let wall = Int64(DispatchTime.now().uptimeNanoseconds - started)
    stop.set()
    return wall > 2 * Int64(cpu.components.seconds) * 1_000_000_000 + 2 * cpu.components.attoseconds / 1_000_000_000
        ? nil : "the spin took \(Duration.nanoseconds(wall)) of wall time: the CPU was not shared"
    #else
    return nil
    #endif
}

/// A flag set once, read from other threads.
final class AtomicFlag: @unchecked Sendable {
    // @unchecked Sendable: `value` is only touched under `lock`.
    /// Guards `value`.
    private let lock = NSLock()
    /// Whether it was set.
    private var value = false
    /// Sets it.
    func set() { lock.lock(); value = true; lock.unlock() }
    /// Whether it is set.
    var isSet: Bool { lock.lock(); defer { lock.unlock() }; return value }
}
