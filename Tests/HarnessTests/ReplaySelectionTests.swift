import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// What a test process started with `args` and `HARNESS_SEED=0x2a` (and no other harness variable) ends with: its
/// exit status and its standard error. The process is this test bundle itself, run as `swift test` runs it.
///
/// Waited for without holding a thread of the pool: the child runs for seconds, and every test of this process needs
/// that pool. Its standard error goes to a file, not a pipe: a pipe's end comes only when every process holding its
/// write end has ended, and children other tests start at the same moment may hold it too.
func replayedTestProcess(_ args: [String], seed: String = "0x2a") async throws -> (status: Int32, stderr: String) {
    let folder = try ScratchFolder.make("replay-selection")
    defer { try? FileManager.default.removeItem(at: folder) }
    let errorsFile = folder.appending(path: "stderr")
    guard FileManager.default.createFile(atPath: errorsFile.path, contents: nil) else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: errorsFile.path])
    }
    let errors = try FileHandle(forWritingTo: errorsFile)
    defer { try? errors.close() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["--testing-library", "swift-testing"] + args
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HARNESS") }
    environment["HARNESS_SEED"] = seed
    process.environment = environment
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    let status = try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Int32, any Error>) in
        process.terminationHandler = { ended.resume(returning: $0.terminationStatus) }
        do { try process.run() } catch { ended.resume(throwing: error) }
    }
    return (status, (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? "")
}

@Suite("A replay that selects nothing is an error, not a green run", scaledTimeLimit(minutes: 1))
struct ReplaySelectionTests {
    @Test("HARNESS_SEED with a --filter that selects no test: status 65, and a line naming the variable",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func filterSelectingNothing() async throws {
        let (status, stderr) = try await replayedTestProcess(["--filter", "NoTestIsNamedSo"])
        #expect(status == 65 && stderr.contains("HARNESS_SEED=0x2a was set, but no test in this process ran a seeded run")
                    && stderr.contains("Its --filter 'NoTestIsNamedSo' selected no test"),
                "a replay that selected no test should end in an error naming the seed and the filter; status \(status), stderr: \(stderr)")
    }

    @Test("HARNESS_SEED with a filter whose tests a trait skips: status 65, the filter named, the trait's reason above",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func filterSkippedByATrait() async throws {
        let (status, stderr) = try await replayedTestProcess(["--filter", "HarnessTests.HarnessTraitTests"])
        let skipped = stderr.range(of: "skipped: \"HARNESS_SEED set in the environment: it decides in place of the traits")
        let complaint = stderr.range(of: "Its --filter 'HarnessTests.HarnessTraitTests' selected no test")
        #expect(status == 65 && skipped != nil && complaint != nil && skipped!.lowerBound < complaint!.lowerBound,
                "the skip, with the variable that caused it, then the line naming the filter; status \(status), stderr: \(stderr)")
    }

    @Test("HARNESS_SEED with a test that explores no seeds: status 65 too",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func testWithoutSeeds() async throws {
        let (status, stderr) = try await replayedTestProcess(["--filter", "HarnessTests.SettingsTests/defaults"])
        #expect(status == 65 && stderr.contains("nothing was replayed"),
                "a replay whose test runs no seeded run should end in an error; status \(status), stderr: \(stderr)")
    }

    @Test("a malformed HARNESS_SEED stops the test process with status 2, as its one line says, not 65", .needs(.timers, .outsideWork),
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func malformedSeedIsABadSetting() async throws {
        let (status, stderr) = try await replayedTestProcess(["--filter", "ReentrancyTests.ShopTests"], seed: "bogus")
        #expect(status == 2 && stderr.contains("nothing was run (the test process exits with 2)")
                    && !stderr.contains("nothing was replayed"),
                "a bad setting is its own error; status \(status), stderr: \(stderr)")
    }

    @Test("HARNESS_SEED with a test that explores seeds: it replays, and the process ends well", .needs(.timers),
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func testWithSeeds() async throws {
        let (status, stderr) = try await replayedTestProcess(["--filter", "ReentrancyTests.CallLogTests/callsInterleaveForEverySeed"])
        #expect(status == 0 && !stderr.contains("nothing was replayed"), "status \(status), stderr: \(stderr)")
    }
}
