import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

@Suite("The system schedule: the real pool and real time", scaledTimeLimit(minutes: 1))
struct SystemTests {
    @Test("system runs on the real pool (or the strict pool when LIBDISPATCH_COOPERATIVE_POOL_STRICT=1 on Linux)")
    func systemRuns() async throws {
        let run = try await ConcurrencyHarness.run(.system) { isOnHarnessThread() }
        let settings = Plan.processDefaults
        #if os(Linux)
        #expect(run.ranAs == (settings.strictPool ? .strict : .system))
        #expect(run.value == settings.strictPool, "on the harness thread only when the strict pool was asked for")
        #else
        #expect(run.ranAs == .system)
        #endif
    }

    @Test("a system run's limit counts spare time from the scenario's first step: 10 s held back by the pool count nothing")
    func limitCountsFromTheFirstStep() {
        let ms: Int64 = 1_000_000
        var limit = SystemRunLimit(limit: 200 * ms, wall: 0, busy: 0)
        // A look every 20 ms, the machine idle throughout: 10 s before the first step, then until the limit.
        var cutAt: Int64? = nil
        for wall in stride(from: 20 * ms, through: 11_000 * ms, by: Int(20 * ms)) where cutAt == nil {
            if limit.look(wall: wall, busy: 0, begun: wall > 10_000 * ms) { cutAt = wall }
        }
        let waited = limit.waitedForThePool
        #expect(cutAt == 10_200 * ms && waited == 10_020 * ms,
                "cut \(cutAt.map { "at \($0 / ms) ms" } ?? "never") after the call, its wait for the pool taken as \(waited.map { "\($0 / ms) ms" } ?? "none"); expected at 10 200 ms: its first step was seen after 10 020 ms of waiting for the pool, and only the 200 ms after that are the run's")
    }

    @Test("a system run's time limit counts from its first step: a pool held by other work meanwhile only delays it")
    func limitFromTheFirstStep() async {
        // In a process of its own: every thread of the pool is held there for a while, which would stall the tests
        // running beside this one.
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let cores = ProcessInfo.processInfo.activeProcessorCount, release = DispatchSemaphore(value: 0)
            // Blocks of Dispatch's global queue hold the threads Swift's pool runs on (Linux), until released 1.5 s on;
            // Dispatch lends the pool another thread after about a second.
            for _ in 0..<cores { DispatchQueue.global().async { release.wait() } }
            Thread.detachNewThread {
                usleep(1_500_000)
                for _ in 0..<cores { release.signal() }
            }
            let options = RunOptions { $0.timeLimit = .milliseconds(200) }
            do {
                let run = try await ConcurrencyHarness.run(.system, options: options) { 1 }
                print(run.value == 1 ? "ran whole" : "returned \(run.value)")
            } catch {
                print("a run of no time ran out of its 200 ms while it waited for the pool: \(error)")
            }
        }
        let said = child.map { String(decoding: $0.standardOutputContent, as: UTF8.self) } ?? "(no child)"
        #expect(said.contains("ran whole"), "\(said)")
    }

    @Test("a system run that never finishes fails at its time limit instead of hanging")
    func systemTimeLimit() async throws {
        let options = RunOptions {
            $0.timeLimit = .milliseconds(200)
            $0.outsideWorkGrace = .seconds(5)  // under the strict pool, wait rather than call it a deadlock
        }
        do {
            _ = try await run(.system, options: options) {
                // Until the limit: it counts spare time, which a busy machine can withhold for minutes.
                try await Task.sleep(for: .seconds(3_600))
            }
            Issue.record("an hour's sleep finished inside a 200 ms limit")
        } catch {
            #expect(error.kind == .timedOut, "\(error)")
        }
    }
}
