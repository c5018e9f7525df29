import Foundation
import Harness
import HarnessTesting
import Testing

@Suite("The system schedule: the real pool and real time", scaledTimeLimit(minutes: 1))
struct SystemTests {
    @Test("system runs on the real pool (or the strict pool when LIBDISPATCH_COOPERATIVE_POOL_STRICT=1 on Linux)")
    func systemRuns() async throws {
        let run = try await Harness.run(.system) { isOnHarnessThread() }
        let settings = try Settings.current.get()
        #if os(Linux)
        #expect(run.ranAs == (settings.strictPool ? .strict : .system))
        #expect(run.value == settings.strictPool, "on the harness thread only when the strict pool was asked for")
        #else
        #expect(run.ranAs == .system)
        #endif
    }

    @Test("a system run that never finishes fails at its time limit instead of hanging")
    func systemTimeLimit() async throws {
        let options = RunOptions {
            $0.timeLimit = .milliseconds(200)
            $0.outsideWorkGrace = .seconds(5)  // under the strict pool, wait rather than call it a deadlock
        }
        do {
            _ = try await run(.system, options: options) {
                try await Task.sleep(for: .seconds(60))  // until the limit: a busy machine only delays it
            }
            Issue.record("a 60 s sleep finished inside a 200 ms limit")
        } catch {
            #expect(error.kind == .timedOut, "\(error)")
        }
    }
}
