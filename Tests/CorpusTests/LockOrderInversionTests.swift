@testable import ConcurrencyProofsCorpusCheck
@testable import ConcurrencyProofsCorpusPrograms
import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// The lock-order inversion of the corpus: a deadlock that is real, allowed by its set, reported under the harness as
/// a deadlock naming both holders and seen on the real runtime as a cycle of threads waiting for each other's locks.
@Suite("A lock-order inversion is a deadlock naming both holders, under the harness and on the real runtime",
       scaledTimeLimit(minutes: 2, defaultSeeds: 40))
struct LockOrderInversionTests {
    @Test("under seeds, the inversion deadlocks on some and finishes on the others; each deadlock names both holders",
          .needs(.lockChoicePoints))
    func reportedAsADeadlock() async throws {
        let program = try #require(Corpus.program(named: "lock-order-inversion"))
        let observation = try await HarnessObservation.observe(program, strictRuns: 2, seeds: 40, passes: 1)
        let seeded = observation[.seeded]
        let deadlocks = seeded.filter { $0.label == "deadlock" }
        #expect(!deadlocks.isEmpty && deadlocks.count < seeded.count,
                "\(deadlocks.count) of \(seeded.count) seeded runs deadlocked")
        for run in deadlocks {
            guard case .failure(let failure) = run.result else { continue }
            let waits = try #require(LockWaits(failure.summary), "\(failure)").waits
            #expect(waits.count == 2 && waits[0].holder == waits[1].waiter && waits[1].holder == waits[0].waiter
                    && waits[0].lock != waits[1].lock, "each task holds the lock the other waits for: \(failure)")
        }
        let counts = try #require(observation.tally.trials["seeded"])
        #expect(counts.outcomes[Program.deadlock] == deadlocks.count && counts.failures.isEmpty,
                "the deadlock the program allows is counted as its outcome, not as a failure: \(counts)")
        #expect(observation.findings.isEmpty, "\(observation.findings)")
    }

    @Test("a deadlock is an outcome only of a program whose set allows it, and only as a cycle naming every holder")
    func deadlockOnlyWhereAllowed() throws {
        let inversion = try #require(Corpus.program(named: "lock-order-inversion"))
        let other = try #require(Corpus.program(named: "nslock-check-then-act"))
        func run(_ summary: String) -> HarnessRun {
            HarnessRun(result: .failure(HarnessFailure(.deadlock, schedule: .seeded(0), summary: summary)),
                       schedule: .seeded(0), interleaving: Interleaving([]), scheduleHash: 0)
        }
        let cycle = run("tasks wait for locks that only a waiting task can release: task 2 waits for lock 2, held by "
                        + "task 1; task 1 waits for lock 1, held by task 2. Each holds a lock another of them wants next "
                        + "(a lock-order inversion): take the locks in one order everywhere, or in one section.")
        let outside = run("tasks wait for locks that only a waiting task can release: task 1 waits for lock 1, held by "
                          + "a thread outside the run. Each holds a lock another of them wants next (a lock-order "
                          + "inversion): …")
        let lost = run("nothing is ready, no timer is set, … a continuation never resumed, a stream nobody finishes")
        #expect(cycle.outcome(of: inversion) == Program.deadlock)
        #expect(cycle.outcome(of: other) == nil, "nslock-check-then-act does not allow a deadlock")
        #expect(outside.outcome(of: inversion) == nil, "a lock held outside the run is no cycle of the run's tasks")
        #expect(lost.outcome(of: inversion) == nil, "a deadlock of another kind is never the inversion's outcome")
    }

    @Test("on the real runtime, two tasks each waiting for a lock the other holds give the outcome deadlock, naming both",
          .needs(.stillness),
          .enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2, "the two tasks need a pool of two threads"))
    func realDeadlockSeen() async {
        await #expect(processExitsWith: .success) {
            let program = Program("forced-inversion", "two child tasks take two NSLocks in opposite orders, each "
                                  + "waiting until the other holds its first", onTime: ["done", Program.deadlock],
                                  because: "each takes its first lock before the other takes its second") {
                let first = NSLock(), second = NSLock()
                let firstHeld = DispatchSemaphore(value: 0), secondHeld = DispatchSemaphore(value: 0)
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { take(first, then: second, saying: firstHeld, after: secondHeld) }
                    group.addTask { take(second, then: first, saying: secondHeld, after: firstHeld) }
                }
                return "done"
            }
            // Watched from a thread of its own, which ends the process: the pool's threads are what deadlocks, and
            // nothing that waits on them (this task's continuation, the main queue) could ever say so.
            await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in
                Thread.detachNewThread {
                    // The cycle forms within milliseconds of the two tasks starting; the limit only ends a run whose
                    // cycle is never looked for (100× that, on a loaded machine).
                    let run = program.runWatched(limit: .seconds(10))
                    // Two threads, each named once as a waiter and once as a holder.
                    let threads = (run?.cycle ?? "").matches(of: #/thread (\d+)/#).map { String($0.1) }
                    let seen = run?.outcome == Program.deadlock && threads.count == 4 && Set(threads).count == 2
                    if !seen { FileHandle.standardError.write(Data("run: \(String(describing: run))\n".utf8)) }
                    _exit(seen ? 0 : 1)
                }
            }
        }
    }

    @Test("a chain of lock waits that ends in a holder asleep on something else is no deadlock", .needs(.stillness))
    func chainIsNoCycle() async {
        await #expect(processExitsWith: .success) { lookAtAChain() }
    }
}

/// Three threads in a chain of lock waits whose last holder sleeps on a semaphore; looks for a cycle 50 times, then lets
/// the chain go. Synchronous: its waits block the thread, as a Mac's Dispatch allows only outside async code. Exits 0 if
/// no cycle was seen.
private func lookAtAChain() -> Never {
    let a = NSLock(), b = NSLock()
    let aHeld = DispatchSemaphore(value: 0), bHeld = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0), ended = DispatchSemaphore(value: 0)
    // Each "held" is signalled twice: once for the next thread, once for this one.
    Thread {  // holds a, asleep on a semaphore: not a lock's wait
        a.lock(); aHeld.signal(); aHeld.signal(); release.wait(); a.unlock(); ended.signal()
    }.start()
    Thread {  // holds b, waits for a
        aHeld.wait(); b.lock(); bHeld.signal(); bHeld.signal(); a.lock(); a.unlock(); b.unlock(); ended.signal()
    }.start()
    Thread {  // waits for b
        bHeld.wait(); b.lock(); b.unlock(); ended.signal()
    }.start()
    aHeld.wait()
    bHeld.wait()
    var found: String? = nil
    for _ in 0..<50 where found == nil {
        usleep(10_000)
        found = LockCycle.find()
    }
    release.signal()
    for _ in 0..<3 { ended.wait() }
    if let found {
        print("a cycle where there is none: \(found)")
        exit(1)
    }
    exit(0)
}

/// Takes `first`, signals `saying`, waits for `after` (the other task holds its first lock), then takes `second`.
private func take(_ first: NSLock, then second: NSLock, saying: DispatchSemaphore, after: DispatchSemaphore) {
    first.lock()
    saying.signal()
    after.wait()
    second.lock()
    second.unlock()
    first.unlock()
}
