import CHarnessTime
import Dispatch
import Foundation
@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A strict run's timers are set on a clock of the run's own (`RunClock`): real time less the time its thread waited
/// for a CPU, so a loaded machine delays a strict run but never reorders two timers one thread set in order.
// Serialized: two tests that pin a thread and a spinner to a CPU each are plainer one at a time.
@Suite("Strict timers run on the run's own clock: a thread kept from a CPU cannot reorder them", .serialized,
       scaledTimeLimit(minutes: 1))
struct RunClockTests {
    @Test("a thread kept waiting for a CPU between setting a 90 ms and a 10 ms timer still sees the 10 ms one first",
          .enabled(if: threadsCanBeStalled, "needs Linux's thread affinity and count of waits"))
    func stallBetweenTimers() async throws {
        // The spinner starts before the run: starting a thread waits for it, and that wait would be the run's.
        let spinners = try #require(await Spinners.start(count: 1), "could not pin threads to one CPU")
        defer { spinners.stop() }
        let run = try await ConcurrencyHarness.run(.strict) {
            let log = Log(), seen = Mutex<[String]>([])
            // What the run's clock, the thread's CPU time and its count of waits said at each point: the story of a miss.
            let mark: @Sendable (String) -> Void = { point in
                let thread = ThreadTime.sample(thread: ThreadTime.currentThreadID())
                seen.withLock { $0.append("\(point): clock \(ScenarioClock.elapsed), CPU \((thread?.cpu ?? 0) / 1000) µs, " +
                                          "waited \((thread?.waiting ?? 0) / 1000) µs, " + sleepsAndSteal()) }
            }
            let late = Task {
                // Set after the 90 ms timer, 100 ms of real time later: runnable all along, but given no CPU.
                mark("before the stall")
                let stalled = waitForACPU(for: .milliseconds(100), beside: spinners)
                // The spinner stops after the run: stopping it takes a lock it holds as it spins, and the time this
                // thread would sleep on that lock is time the clock counts.
                mark("after it")
                try? await Task.sleep(for: .milliseconds(10))
                // When each sleep ended on the run's clock: a late 10 ms wake-up from one early 90 ms one.
                mark("the 10 ms sleep over")
                await log.append(stalled ? 10 : -10)
            }
            mark("the 90 ms timer set")
            try? await Task.sleep(for: .milliseconds(90))
            mark("the 90 ms sleep over")
            await log.append(90)
            await late.value
            return Observed(order: await log.entries, marks: seen.withLock { $0 })
        }
        #expect(run.value.order == [10, 90], """
            the 10 ms timer, set after 100 ms of waiting for a CPU, must fall due before the 90 ms one: \
            \(run.value.marks.joined(separator: "; "))
            """)
    }

    @Test("a thread kept waiting for a CPU after it read now for a 10 ms sleep still wakes after a 10 ms sleep set before",
          .enabled(if: threadsCanBeStalled, "needs Linux's thread affinity and count of waits"))
    func stallAfterReadingNow() async throws {
        let spinners = try #require(await Spinners.start(count: 1), "could not pin threads to one CPU")
        defer { spinners.stop() }
        let run = try await ConcurrencyHarness.run(.strict) {
            let log = Log()
            let second = Task {
                // What `Task.sleep(for:)` does, with the moment between its read of `now` and its timer reaching the
                // executor made 50 ms long: runnable all along, but given no CPU.
                let deadline = ContinuousClock.now + .milliseconds(10)
                let stalled = waitForACPU(for: .milliseconds(50), beside: spinners)
                try? await Task.sleep(until: deadline, clock: .continuous)
                await log.append(stalled ? 2 : -2)
            }
            // The first 10 ms sleep, set before the second task runs.
            try? await Task.sleep(for: .milliseconds(10))
            await log.append(1)
            await second.value
            return await log.entries
        }
        #expect(run.value == [1, 2], """
            the second 10 ms sleep read now after the first was set, so it must end after it, however long its thread \
            then waited for a CPU: \(run.value)
            """)
    }

    /// The order the timers fell due in, and what the clock said on the way.
    struct Observed: Sendable {
        var order: [Int]
        var marks: [String]
    }

    @Test("a harness thread's own count of waits is read: 30 ms kept from its CPU add almost nothing to its clock",
          .enabled(if: threadsCanBeStalled, "needs Linux's thread affinity and count of waits"))
    func countIsRead() async throws {
        let spinners = try #require(await Spinners.start(count: 1), "could not pin threads to one CPU")
        defer { spinners.stop() }
        let run = try await ConcurrencyHarness.run(.strict) {
            var clock = RunClock()
            clock.count(thread: ThreadTime.currentThreadID())
            let before = clock.now()
            _ = waitForACPU(for: .milliseconds(30), beside: spinners)
            return Duration.nanoseconds(clock.now() - before)
        }
        #expect(run.value < .milliseconds(15), "30 ms waiting for a CPU should count almost nothing: \(run.value)")
    }

    @Test("the clock takes out the time the thread waited for a CPU, and runs as real time otherwise")
    func waitsAreTakenOut() {
        let real = Mutex<Int64>(1_000), wait = Mutex<Int64>(7)
        var clock = RunClock(readReal: { real.withLock { $0 } })
        clock.count(readWait: { wait.withLock { $0 } })
        real.withLock { $0 += 10_000_000 }
        #expect(clock.now() == 10_000_000, "10 ms of running")
        real.withLock { $0 += 400_000_000 }
        wait.withLock { $0 += 400_000_000 }
        #expect(clock.now() == 10_000_000, "400 ms waiting for a CPU: no time at all")
        real.withLock { $0 += 300_000_000 }
        #expect(clock.now() == 310_000_000, "300 ms asleep on a timer: all of it")
    }

    @Test("the clock never goes back: a wait counted late makes it stand still until real time catches up")
    func neverBack() {
        let real = Mutex<Int64>(0), wait = Mutex<Int64>(0)
        var clock = RunClock(readReal: { real.withLock { $0 } })
        clock.count(readWait: { wait.withLock { $0 } })
        real.withLock { $0 += 100_000_000 }
        #expect(clock.now() == 100_000_000)
        // A wait of 60 ms that had begun before that read, counted only now.
        real.withLock { $0 += 20_000_000 }
        wait.withLock { $0 += 60_000_000 }
        #expect(clock.now() == 100_000_000, "real 120 ms less 60 ms waited is 60 ms: the clock stays at 100 ms")
        real.withLock { $0 += 50_000_000 }
        #expect(clock.now() == 110_000_000)
    }

    @Test("two 10 ms timers set from reads in order fall due in that order while the clock stands still")
    func timersKeepTheirReadsOrder() {
        let real = Mutex<Int64>(0), wait = Mutex<Int64>(0)
        var clock = RunClock(readReal: { real.withLock { $0 } })
        clock.count(readWait: { wait.withLock { $0 } })
        real.withLock { $0 += 100_000_000 }
        #expect(clock.now() == 100_000_000)
        // Another thread reads the clock during a 5 ms wait not counted yet: the clock says 105 ms, and stands still
        // once the wait is counted, until real time less the waits catches up.
        real.withLock { $0 += 5_000_000 }
        #expect(clock.now() == 105_000_000)
        wait.withLock { $0 += 5_000_000 }
        // The thread reads now for a 10 ms sleep, its timer reaches the clock 10 µs later; it reads now for a second
        // 10 ms sleep, whose timer takes 100 µs.
        real.withLock { $0 += 10_000 }
        let first = (read: real.withLock { $0 }, wait: wait.withLock { $0 })
        real.withLock { $0 += 10_000 }
        let firstDue = clock.due(readAt: first.read, waitAtRead: first.wait, after: 10_000_000)
        real.withLock { $0 += 10_000 }
        let second = (read: real.withLock { $0 }, wait: wait.withLock { $0 })
        real.withLock { $0 += 100_000 }
        let secondDue = clock.due(readAt: second.read, waitAtRead: second.wait, after: 10_000_000)
        // Equal deadlines fall due in the order the timers were set (`TimerHeap`).
        #expect(firstDue <= secondDue, "the second sleep read now 20 µs after the first: \(firstDue) ns, \(secondDue) ns")
        #expect(firstDue == 115_010_000, "10 ms after the clock at the timer (105.02 ms: the wait is reread after 50 µs) taken back to the read")
        #expect(secondDue == 115_010_000, "not before the first, though the clock taken back to its read is earlier")
        // A delay from now set after them is taken from no earlier than the last read.
        #expect(clock.base() >= 100_030_000)
    }

    @Test("a timer's read made before the waits that followed it is placed as of the read: the waits only delay it")
    func waitsAfterTheReadDoNotShortenATimer() {
        let real = Mutex<Int64>(0), wait = Mutex<Int64>(0)
        var clock = RunClock(readReal: { real.withLock { $0 } })
        clock.count(readWait: { wait.withLock { $0 } })
        real.withLock { $0 += 20_000_000 }
        let read = real.withLock { $0 }
        // 50 ms kept from a CPU between the read and the timer.
        real.withLock { $0 += 50_000_000 }
        wait.withLock { $0 += 50_000_000 }
        #expect(clock.due(readAt: read, waitAtRead: 0, after: 10_000_000) == 30_000_000)
        #expect(clock.now() == 20_000_000, "the clock did not move while the thread waited")
    }

    @Test("without a count of waits the clock is real time, and within 50 µs of the last read it does not read again")
    func realTimeOtherwise() {
        let real = Mutex<Int64>(0), reads = Mutex<Int>(0)
        var plain = RunClock(readReal: { real.withLock { $0 } })
        var counted = RunClock(readReal: { real.withLock { $0 } })
        counted.count(readWait: { reads.withLock { $0 += 1 }; return 0 })
        real.withLock { $0 += 30_000 }
        #expect(plain.now() == 30_000 && counted.now() == 30_000)
        #expect(reads.withLock { $0 } == 1, "read once, when counting began")
        real.withLock { $0 += 30_000 }
        _ = counted.now()
        #expect(reads.withLock { $0 } == 2)
        counted.stop()
        real.withLock { $0 += 100_000 }
        #expect(counted.now() == 160_000 && reads.withLock { $0 } == 2, "stopped: real time, unread")
    }
}

/// Keeps the calling thread runnable but off its CPU for `duration` of real time: pinned to the CPU `spinners` spin on,
/// it yields to them until the time is up (what a loaded machine does to a thread, here on purpose, on one CPU).
/// Returns false if it could not be pinned. The thread stays pinned: call it on a harness thread, which ends with its run.
/// What else the clock's story of a miss needs: how often the calling thread went to sleep (a voluntary switch: a lock
/// or a wait, time the clock counts) and the machine's steal (time the VM's CPUs did not run at all, which a thread's
/// counts of run and wait both leave out), as `/proc` gives them.
func sleepsAndSteal() -> String {
    #if os(Linux)
    let status = ThreadTime.read("/proc/self/task/\(ThreadTime.currentThreadID())/status", limit: 4_095) ?? ""
    let sleeps = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }?
        .split(separator: "\t").last.map(String.init) ?? "?"
    // "cpu  user nice system idle iowait irq softirq steal …", in hundredths of a second.
    let steal = (ThreadTime.read("/proc/stat") ?? "").split(separator: "\n").first?.split(separator: " ").dropFirst(8).first
    return "slept \(sleeps) times, machine's steal \(steal.map { "\($0)0 ms" } ?? "?")"
    #else
    return ""
    #endif
}

func waitForACPU(for duration: Duration, beside spinners: Spinners) -> Bool {
    guard harness_pin_to_current_cpu(spinners.core) >= 0 else { return false }
    // The real clock, whatever the run's clock says (in a seeded job even Dispatch's clock is the run's).
    let end = harness_real_monotonic_nanoseconds() + Nanoseconds(duration)
    while harness_real_monotonic_nanoseconds() < end { sched_yield() }
    return true
}

/// Whether a thread can be kept from its CPU here (Linux: thread affinity and the kernel's count of waits).
let threadsCanBeStalled = ThreadTime.sample(thread: ThreadTime.currentThreadID()) != nil
