import CHarnessTime
import Dispatch
import Foundation
import Synchronization
import ConcurrencyHarnessTesting
import Testing

/// A harness thread's state: every thread-local the harness sets, read and put back in one call each.
@Suite("A harness thread's state is read and reset in one call each", scaledTimeLimit(minutes: 1))
struct ThreadStateTests {
    @Test("a harness thread's state is read in one call and reset in one, piece by piece")
    func stateReadAndReset() {
        let seen = Mutex<[UInt32]>([])
        let done = DispatchSemaphore(value: 0)
        // On a thread of its own: bound to a (pretend) run, the test's own thread would route its enqueues there.
        Thread.detachNewThread {
            var states = [harness_thread_state()]
            let pretend = UnsafeMutableRawPointer(bitPattern: 0x1000)!
            harness_bind_executor(pretend)
            states.append(harness_thread_state())
            _ = harness_virtual_time_begin(5_000_000_000, 1_800_000_000_000_000_000)
            states.append(harness_thread_state())
            harness_clock_reads_begin(7)
            states.append(harness_thread_state())
            harness_main_actor_job(1)
            states.append(harness_thread_state())
            harness_job_run_begin(pretend)
            states.append(harness_thread_state())
            harness_worker_set(pretend)
            states.append(harness_thread_state())
            harness_locks_seal(1)
            states.append(harness_thread_state())
            harness_thread_reset()
            states.append(harness_thread_state())
            seen.withLock { $0 = states }
            done.signal()
        }
        done.wait()
        let states = seen.withLock { $0 }
        let bits = [HARNESS_THREAD_BOUND, HARNESS_THREAD_VIRTUAL_TIME, HARNESS_THREAD_CLOCK_READS,
                    HARNESS_THREAD_MAIN_ACTOR_JOB, HARNESS_THREAD_JOB_RUN, HARNESS_THREAD_WORKER, HARNESS_THREAD_LOCKS]
        var pieces: [UInt32] = [0]
        for bit in bits { pieces.append(UInt32(bit)) }
        // Each piece set adds its bit to those before it; the reset takes them all away.
        var expected: [UInt32] = []
        for index in pieces.indices { expected.append(pieces[...index].reduce(0, |)) }
        expected.append(0)
        #expect(states == expected, "state after each piece was set, then after the reset")
    }
}
