import Foundation
import HarnessTesting
import Testing

/// What a test process started with `args` and `HARNESS_SEED=0x2a` (and no other harness variable) ends with: its
/// exit status and its standard error. The process is this test bundle itself, run as `swift test` runs it.
func replayedTestProcess(_ args: [String], seed: String = "0x2a") throws -> (status: Int32, stderr: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe")
    process.arguments = ["--testing-library", "swift-testing"] + args
    var environment = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("HARNESS") }
    environment["HARNESS_SEED"] = seed
    process.environment = environment
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, text)
}

@Suite("A replay that selects nothing is an error, not a green run", scaledTimeLimit(minutes: 1))
struct ReplaySelectionTests {
    @Test("HARNESS_SEED with a --filter that selects no test: status 65, and a line naming the variable",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func filterSelectingNothing() throws {
        let (status, stderr) = try replayedTestProcess(["--filter", "NoTestIsNamedSo"])
        #expect(status == 65 && stderr.contains("HARNESS_SEED=0x2a was set, but no test in this process ran a seeded run"),
                "a replay that selected no test should end in an error naming the seed; status \(status), stderr: \(stderr)")
    }

    @Test("HARNESS_SEED with a test that explores no seeds: status 65 too",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func testWithoutSeeds() throws {
        let (status, stderr) = try replayedTestProcess(["--filter", "HarnessTests.SettingsTests/defaults"])
        #expect(status == 65 && stderr.contains("nothing was replayed"),
                "a replay whose test runs no seeded run should end in an error; status \(status), stderr: \(stderr)")
    }

    @Test("a malformed HARNESS_SEED stops the test process with status 2, as its one line says, not 65",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func malformedSeedIsABadSetting() throws {
        let (status, stderr) = try replayedTestProcess(["--filter", "ReentrancyTests.ShopTests"], seed: "bogus")
        #expect(status == 2 && stderr.contains("nothing was run (the test process exits with 2)")
                    && !stderr.contains("nothing was replayed"),
                "a bad setting is its own error; status \(status), stderr: \(stderr)")
    }

    @Test("HARNESS_SEED with a test that explores seeds: it replays, and the process ends well",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe"), "Linux: the bundle runs itself through /proc"))
    func testWithSeeds() throws {
        let (status, stderr) = try replayedTestProcess(["--filter", "ReentrancyTests.CallLogTests/callsInterleaveForEverySeed"])
        #expect(status == 0 && !stderr.contains("nothing was replayed"), "status \(status), stderr: \(stderr)")
    }
}
