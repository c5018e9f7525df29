import CHarnessTime
import Dispatch
import Foundation
import Synchronization
@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// A blocked thread is one that held the strict pool: running, or asleep on a semaphore, a lock or a timer. A thread
/// the OS did not run (a loaded machine) or that waited for the disk is not.
@Suite("The watchdog tells a job that blocks from a thread the OS did not run", scaledTimeLimit(minutes: 1))
struct WatchdogTests {
    /// A limit short enough to keep the tests quick, long enough to be clear of a job's ordinary cost.
    static let limit = RunOptions { $0.blockedThreadLimit = .milliseconds(400) }

    @Test("a job that waits on a semaphore past the limit is a blocked thread", .needs(.timers))
    func semaphoreWait() async {
        // It waits until the run has failed (or 60 s): a machine with no CPU to spare delays the verdict, so a wait of
        // fixed length could end first there, and the job would not have blocked "long enough".
        let never = DispatchSemaphore(value: 0)
        await verify(Claim("a semaphore wait holds the thread", runs: [.strict], options: Self.limit,
                           expect: .fails(.blockedThread),
                           control: .counterfactual("a sleep as long as the limit") {
                               try await Task.sleep(for: .milliseconds(500))
                               return true
                           }) {
            blockThread(on: never, seconds: 60) == .success
        })
        never.signal()
    }

    @Test("a blocked thread's report says what the thread was seen doing: asleep in a futex wait, or on a CPU", .needs(.threadCPUTime))
    func blockedThreadSeen() async throws {
        let never = DispatchSemaphore(value: 0)
        defer { never.signal() }
        do {
            _ = try await ConcurrencyHarness.run(.strict, options: Self.limit) { blockThread(on: never, seconds: 60) == .success }
            Issue.record("a semaphore wait of 60 s must be a blocked thread")
        } catch {
            #expect(error.kind == .blockedThread && error.summary.contains("now asleep in the kernel in a futex wait"), "\(error)")
            #expect(error.summary.contains("of it on a CPU"), "\(error)")
        }
        do {
            _ = try await ConcurrencyHarness.run(.strict, options: Self.limit) { burnCPU(.milliseconds(1_500)) }
            Issue.record("a spin of 1.5 s must be a blocked thread")
        } catch {
            #expect(error.kind == .blockedThread && error.summary.contains("now on a CPU or waiting for one"), "\(error)")
        }
    }

    @Test("a job that spins past the limit is a blocked thread")
    func spin() async {
        await verify(Claim("a spin holds the thread", runs: [.strict], options: Self.limit, expect: .fails(.blockedThread),
                           control: .counterfactual("a spin well under the limit") {
                               burnCPU(.milliseconds(50))
                               return true
                           }) {
            burnCPU(.milliseconds(1_500))
            return true
        })
    }

    @Test("a harness thread that shares its CPU with three spinning threads is not blocked, though its job outlasts the limit", .needs(.threadCPUTime))
    func starvedThreadIsNotBlocked() async throws {
        // The spinners start before the run: starting a thread waits for it, and that wait would be the job's hold.
        let spinners = try #require(await Spinners.start(count: 3), "could not pin threads to one CPU")
        defer { spinners.stop() }
        let run = try await ConcurrencyHarness.run(.strict, options: Self.limit) {
            starved(spinning: .milliseconds(250), beside: spinners)
        }
        // The job's CPU time (250 ms) is under the limit; its wall time, shared four ways, is not.
        #expect(run.value == nil, "the CPU could not be shared as planned: \(run.value ?? "")")
    }

    @Test("the judgement: a job holds the thread for its CPU time and its sleep, not for a wait for a CPU or the disk")
    func holdMeter() {
        var meter = HoldMeter()
        func sample(_ cpu: Int64, sleeping: Bool = false) -> ThreadTime.Sample { .init(cpu: cpu, sleeping: sleeping) }
        // Looks 100–150 ms apart: within what one look may count (`HoldMeter.lookCap`).
        _ = meter.look(job: 1, jobStart: 0, wall: 0, sample: sample(0))
        let starved = meter.look(job: 1, jobStart: 0, wall: 150_000_000, sample: sample(20_000_000))
        #expect(starved.jobHeld == 20_000_000, "150 ms of wall time, 20 ms of it on a CPU, runnable the rest: held 20 ms")
        let asleep = meter.look(job: 1, jobStart: 0, wall: 250_000_000, sample: sample(20_000_000, sleeping: true))
        #expect(asleep.jobHeld == 120_000_000, "then 100 ms asleep in the kernel (a semaphore): held 120 ms")
        let woke = meter.look(job: 1, jobStart: 0, wall: 350_000_000,
                              sample: .init(cpu: 21_000_000, sleeping: true, waiting: 90_000_000))
        #expect(woke.jobHeld == 130_000_000, "then 90 ms waiting for a CPU and a moment's sleep: held 10 ms more")
        let disk = meter.look(job: 1, jobStart: 0, wall: 450_000_000,
                              sample: .init(cpu: 21_000_000, sleeping: false, waiting: 90_000_000))
        #expect(disk.jobHeld == 130_000_000, "then 100 ms waiting for the disk or a CPU, using none: still 130 ms")
        let next = meter.look(job: 2, jobStart: 450_000_000, wall: 460_000_000,
                              sample: .init(cpu: 21_000_000, sleeping: false, waiting: 90_000_000))
        #expect(next.jobHeld == 0 && next.runHad == 130_000_000, "a new job starts from nothing: \(next)")
    }

    @Test("a sleep while the machine had no CPU to spare is not a hold: oversubscription stretches the window, never blocks")
    func busyMachine() {
        var meter = HoldMeter()
        func asleep(_ wall: Int64, busy: Int64?) -> (jobHeld: Int64, runHad: Int64) {
            meter.look(job: 1, jobStart: 0, wall: wall, sample: .init(cpu: 0, sleeping: true), busy: busy)
        }
        _ = meter.look(job: 1, jobStart: 0, wall: 0, sample: .init(cpu: 0, sleeping: false), busy: 0)
        #expect(asleep(150_000_000, busy: 150_000_000).jobHeld == 0,
                "150 ms asleep while some thread waited for a CPU all along (what it sleeps on may be one): no hold")
        #expect(asleep(250_000_000, busy: 190_000_000).jobHeld == 60_000_000,
                "then 100 ms asleep, 40 ms of it with no CPU to spare: held 60 ms")
        #expect(asleep(350_000_000, busy: nil).jobHeld == 160_000_000, "then 100 ms asleep, the machine unread: held 100 ms more")
        #expect(asleep(450_000_000, busy: 500_000_000).jobHeld == 160_000_000,
                "then 100 ms asleep, the machine's last total unknown: none of it held (only delayed)")
    }

    @Test("a run asleep in one wait for its own timer has its time at any load: a sleep past the time limit reaches it on a saturated machine")
    func ownTimerWaitOnASaturatedMachine() {
        var meter = HoldMeter()
        _ = meter.look(job: 0, wall: 0, sample: .init(cpu: 0, sleeping: true), busy: 0, timerWait: 3)
        // 100 ms asleep in wait 3, the machine busy all along, the thread itself kept from a CPU for 10 ms of it.
        let waited = meter.look(job: 0, wall: 100_000_000, sample: .init(cpu: 0, sleeping: true, waiting: 10_000_000),
                                busy: 100_000_000, timerWait: 3)
        #expect(waited.runHad == 90_000_000, "the run's own clock moved 90 ms: \(waited)")
        // Another wait, or none, at one end of the interval: what the thread slept on is not known, the machine excuses it.
        let next = meter.look(job: 0, wall: 200_000_000, sample: .init(cpu: 0, sleeping: true, waiting: 10_000_000),
                              busy: 200_000_000, timerWait: 4)
        #expect(next.runHad == 90_000_000, "a new wait begun within the interval: \(next)")
        let outside = meter.look(job: 0, wall: 300_000_000, sample: .init(cpu: 0, sleeping: true, waiting: 10_000_000),
                                 busy: 300_000_000, timerWait: 0)
        #expect(outside.runHad == 90_000_000, "outside work in flight (it may wait for a CPU): \(outside)")
    }

    @Test("a strict run asleep on its own timer, nothing else in flight, is seen by the watchdog in that wait", .needs(.timers))
    func ownTimerWaitSeen() async throws {
        let seen = SeenOnce()
        let found = SeenExecutor()
        // Looks as the watchdog does, from a thread of its own (the pool may be busy with other tests), until it sees
        // the wait or the run is over: a loaded machine only delays the sight.
        let watcher = Thread {
            while !seen.isMarked, !found.over.withLock({ $0 }) {
                if let executor = found.executor.withLock({ $0 }), let sight = Watchdog.sight(executor), sight.timerWait != 0 {
                    seen.mark()
                }
                usleep(2_000)
            }
        }
        watcher.start()
        let naps = try await run(.strict) {
            if let executor = ThreadBinding.current { found.executor.withLock { $0 = executor } }
            // Sleeps 20 ms at a time until seen, at most 5 s.
            var naps = 0
            while !seen.isMarked, naps < 250 {
                try await Task.sleep(for: .milliseconds(20))
                naps += 1
            }
            return naps
        }.value
        found.over.withLock { $0 = true }
        #expect(seen.isMarked, "\(naps) sleeps of 20 ms, none seen as the run's wait for its own timer")
    }

    @Test("a sleep on two busy CPUs, one with a thread waiting for it all along, is not a hold: the kernel's pressure total adds half that time")
    func pressureOnTwoCPUs() {
        // kernel/sched/psi.c: the system's "some" is the CPUs' stall times averaged by their busy time, so a second
        // in which one of two busy CPUs always had a thread waiting adds 0.5 s to it. The machine had no CPU to spare.
        var meter = HoldMeter()
        _ = meter.look(job: 1, jobStart: 0, wall: 0, sample: .init(cpu: 0, sleeping: false),
                       busy: MachineBusy.stallTime(someMicroseconds: 7_000_000, cores: 2))
        let asleep = meter.look(job: 1, jobStart: 0, wall: 100_000_000, sample: .init(cpu: 0, sleeping: true),
                                busy: MachineBusy.stallTime(someMicroseconds: 7_050_000, cores: 2))
        #expect(asleep.jobHeld == 0, "100 ms asleep, the pressure total 50 ms further on two CPUs: \(asleep)")
        #expect(MachineBusy.stallTime(someMicroseconds: 500_000, cores: 1) == 500_000_000, "one CPU: the total as it is")
    }

    @Test("a sleep while the watchdog itself waited for a CPU is not a hold, though the machine's total missed it")
    func watchdogWaited() {
        var meter = HoldMeter()
        _ = meter.look(job: 1, jobStart: 0, wall: 0, sample: .init(cpu: 0, sleeping: false), busy: 0, watcherWaited: 4_000_000)
        let late = meter.look(job: 1, jobStart: 0, wall: 150_000_000, sample: .init(cpu: 0, sleeping: true), busy: 20_000_000,
                              watcherWaited: 144_000_000)
        #expect(late.jobHeld == 10_000_000, "150 ms asleep; the watchdog waited 140 ms of it for a CPU, the total saw 20 ms: \(late)")
        let unknown = meter.look(job: 1, jobStart: 0, wall: 200_000_000, sample: .init(cpu: 0, sleeping: true),
                                 busy: 20_000_000)
        #expect(unknown.jobHeld == 60_000_000, "then 50 ms asleep, the watchdog's wait unread: held 50 ms more: \(unknown)")
    }

    @Test("a first look that finds the job asleep counts the sleep only net of the machine's busy time since the run began")
    func busyFirstLook() {
        var meter = HoldMeter()
        let first = meter.look(job: 1, jobStart: 0, wall: 100_000_000, sample: .init(cpu: 10, sleeping: true),
                               busy: 8_100_000_000, cpuAtStart: 10, busyAtStart: 8_000_000_000)
        #expect(first.jobHeld == 0, "100 ms asleep on a machine busy for all of it: \(first)")
        var unknown = HoldMeter()
        let late = unknown.look(job: 1, jobStart: 0, wall: 100_000_000, sample: .init(cpu: 10, sleeping: true),
                                busy: 8_100_000_000, cpuAtStart: 10)
        #expect(late.jobHeld == 0, "the machine's total at the start unknown: the first interval's sleep waits: \(late)")
    }

    @Test("spare time, the clock of grace periods and real-time limits, stops while the machine is busy")
    func spareTime() {
        // Looks 100 ms apart, as every count is looked at (`SpareTime.look`).
        var spare = SpareTime(wall: 0, busy: 100)
        #expect(spare.look(wall: 100_000_000, busy: 100) == 100_000_000, "a quiet 100 ms counts whole")
        #expect(spare.look(wall: 200_000_000, busy: 100_000_100) == 100_000_000, "a saturated one not at all")
        #expect(spare.look(wall: 300_000_000, busy: 125_000_100) == 175_000_000, "a quarter-busy one three quarters")
        #expect(spare.look(wall: 400_000_000, busy: nil) == 275_000_000, "unread: real time")
    }

    @Test("a look at spare time long after the last counts no more than a few look periods: a stopped process ends no grace period at once")
    func spareTimeCapped() {
        var spare = SpareTime(wall: 0, busy: 0)
        // The looker next looks 10 s later (a debugger's stop, a paused machine); nothing says the machine was busy.
        #expect(spare.look(wall: 10_000_000_000, busy: 0) == HoldMeter.lookCap, "10 s between two looks counts one look's most")
        #expect(spare.look(wall: 10_050_000_000, busy: 0) == HoldMeter.lookCap + 50_000_000, "then looks as before count whole")
    }

    @Test("the machine's busy total is readable here and only grows", .needs(.spareTime))
    func machineBusyReads() throws {
        let first = try #require(MachineBusy.total(), "neither /proc/pressure/cpu nor /proc/stat could be read")
        usleep(20_000)
        let second = try #require(MachineBusy.total())
        #expect(second >= first)
    }

    @Test("a watchdog that looks late times a job from its start: another job's CPU before it is not its hold")
    func lateLook() {
        var meter = HoldMeter()
        _ = meter.look(job: 0, wall: 0, sample: .init(cpu: 0, sleeping: false))
        // Earlier jobs used 1 s of CPU; job 7 started at 1.1 s; the watchdog, starved itself, next looks at 1.2 s.
        let late = meter.look(job: 7, jobStart: 1_100_000_000, wall: 1_200_000_000, sample: .init(cpu: 1_200_000_000, sleeping: false))
        #expect(late.jobHeld == 100_000_000, "job 7 ran 0.1 s: held \(late.jobHeld) ns")
    }

    @Test("a first look that comes late counts from the run's start: the CPU used, not the wall time")
    func lateFirstLook() {
        var meter = HoldMeter()
        let first = meter.look(job: 1, jobStart: 0, wall: 180_000_000, sample: .init(cpu: 1_060_000_000, sleeping: false),
                               cpuAtStart: 1_000_000_000)
        #expect(first.jobHeld == 60_000_000 && first.runHad == 60_000_000, "60 ms of CPU in 180 ms: \(first)")
    }

    @Test("without a sample (Apple platforms) the judgement is wall time")
    func wallTimeFallback() {
        var meter = HoldMeter()
        _ = meter.look(job: 1, jobStart: 0, wall: 0, sample: nil)
        #expect(meter.look(job: 1, jobStart: 0, wall: 90_000_000, sample: nil).jobHeld == 90_000_000)
    }

    @Test("a look long after the last counts no more than a few look periods: a watchdog kept away (a debugger's stop, a paused machine, no CPU for it) makes no verdict by itself")
    func lookCapped() {
        let cap = HoldMeter.lookCap
        var meter = HoldMeter()
        _ = meter.look(job: 1, jobStart: 0, wall: 0, sample: .init(cpu: 0, sleeping: false), busy: 0)
        // The watchdog next looks 1.8 s later, and finds the job asleep; nothing says the machine was busy.
        let late = meter.look(job: 1, jobStart: 0, wall: 1_800_000_000, sample: .init(cpu: 0, sleeping: true), busy: 0)
        #expect(late.jobHeld == cap && late.runHad == cap, "1.8 s between two looks counts one look's most: \(late)")
        var wallOnly = HoldMeter()
        _ = wallOnly.look(job: 1, jobStart: 0, wall: 0, sample: nil)
        #expect(wallOnly.look(job: 1, jobStart: 0, wall: 2_500_000_000, sample: nil).jobHeld == cap,
                "without a sample (Apple platforms) too")
        var firstLate = HoldMeter()
        let first = firstLate.look(job: 3, jobStart: 100_000_000, wall: 2_100_000_000, sample: nil)
        #expect(first.jobHeld == cap && first.runHad == cap, "a first look 2 s into a job counts one look's most as well: \(first)")
    }

    @Test("a thread asleep for real, seen at every look, is blocked as soon as without the cap")
    func blockedSeenEveryLook() {
        var meter = HoldMeter()
        _ = meter.look(job: 1, jobStart: 0, wall: 0, sample: .init(cpu: 0, sleeping: false), busy: 0)
        var held: Int64 = 0
        for look in 1...21 {
            held = meter.look(job: 1, jobStart: 0, wall: Int64(look) * Watchdog.period, sample: .init(cpu: 0, sleeping: true),
                              busy: 0).jobHeld
        }
        #expect(held == 21 * Watchdog.period, "21 looks a period apart, asleep at each: all of it held, \(held) ns")
    }

    @Test("a job's own wait for a CPU in the look it began in is not its hold, nor the thread's idle sleep before it")
    func jobsOwnWaitInItsFirstLook() {
        var meter = HoldMeter()
        _ = meter.look(job: 0, wall: 0, sample: .init(cpu: 0, sleeping: true), busy: 0)
        // Idle (asleep, waiting for work) until 50 ms; job 2 then began, waited 90 ms for a CPU, ran a moment and slept.
        let first = meter.look(job: 2, jobStart: 50_000_000, wall: 150_000_000,
                               sample: .init(cpu: 1_000_000, sleeping: true, waiting: 90_000_000), busy: 90_000_000)
        #expect(first.jobHeld == 10_000_000, "100 ms since the job began, 90 ms of them waiting for a CPU: held 10 ms, \(first)")
        #expect(first.runHad == 60_000_000, "the run had its thread for the idle sleep too: \(first)")
    }
}

/// Pins this thread and `count` spinning threads to one CPU, spins for `cpu` of this thread's CPU time, and returns
/// nil if the wall time it took was more than twice that (the OS shared the CPU), else why not.
func starved(spinning cpu: Duration, beside spinners: Spinners) -> String? {
    #if os(Linux)
    guard harness_pin_to_current_cpu(spinners.core) >= 0 else { return "could not pin to CPU \(spinners.core)" }
    let started = DispatchTime.now().uptimeNanoseconds  // Dispatch's clock is real: this strict run's time is real
    burnCPU(cpu)
    let wall = Int64(DispatchTime.now().uptimeNanoseconds - started)
    return wall > 2 * Int64(cpu.components.seconds) * 1_000_000_000 + 2 * cpu.components.attoseconds / 1_000_000_000
        ? nil : "the spin took \(Duration.nanoseconds(wall)) of wall time: the CPU was not shared"
    #else
    return nil
    #endif
}

/// Threads spinning on one CPU until stopped: a CPU the harness thread, pinned beside them, gets a quarter of.
final class Spinners: Sendable {
    /// The CPU they spin on.
    let core: Int32
    /// Set to stop them.
    private let stopped: AtomicFlag

    /// `count` threads spinning on one CPU, each running before this returns; nil where threads cannot be pinned.
    static func start(count: Int) async -> Spinners? {
        #if os(Linux)
        let first = Mutex<Int32?>(nil)
        let running = Atomic(0)
        let stopped = AtomicFlag()
        for index in 0..<count {
            Thread.detachNewThread {
                // The first pins itself where it runs; the others join it there.
                if index == 0 { first.withLock { $0 = harness_pin_to_current_cpu(-1) } }
                var core: Int32? = nil
                while core == nil { core = first.withLock { $0 }; if core == nil { usleep(100) } }
                if core! >= 0 { _ = harness_pin_to_current_cpu(core!) }
                running.add(1, ordering: .sequentiallyConsistent)
                while !stopped.isSet {}
            }
        }
        while running.load(ordering: .sequentiallyConsistent) < count { try? await Task.sleep(for: .milliseconds(1)) }
        let core = first.withLock { $0 } ?? -1
        let spinners = Spinners(core: core, stopped: stopped)
        guard core >= 0 else { spinners.stop(); return nil }
        return spinners
        #else
        return nil
        #endif
    }

    private init(core: Int32, stopped: AtomicFlag) {
        self.core = core
        self.stopped = stopped
    }

    /// Stops them.
    func stop() { stopped.set() }
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

/// A mark set once, read from anywhere.
final class SeenOnce: Sendable {
    /// Whether it is set.
    private let marked = Mutex(false)
    /// Sets it.
    func mark() { marked.withLock { $0 = true } }
    /// Whether it is set.
    var isMarked: Bool { marked.withLock { $0 } }
}

/// The executor of a run, as its scenario's first job found it.
final class SeenExecutor: Sendable {
    /// The executor, once found.
    let executor = Mutex<OneThreadExecutor?>(nil)
    /// Whether the run is over.
    let over = Mutex(false)
}
