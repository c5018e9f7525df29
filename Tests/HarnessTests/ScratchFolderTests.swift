import Foundation
@testable import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Synchronization
@testable import ConcurrencyProofsScenarios
import Testing

/// What a scenario puts on disk lies in the process's scratch folder (`ScratchFolder`), so a run cut short — which never
/// reaches its own clean-up — leaves nothing in the temporary folder once its process has ended.
@Suite("Nothing of a run is left in the temporary folder, cut or not", scaledTimeLimit(minutes: 1))
struct ScratchFolderTests {
    @Test("a run that never returns from its temporary directory leaves nothing once its process has exited")
    func cutRunLeavesNothing() async throws {
        let child = await #expect(processExitsWith: .success, observing: [\.standardOutputContent]) {
            let made = Mutex<String>("")
            // The scenario makes its weather disk's directory, then waits for a resume nobody makes: the harness ends
            // the run as a deadlock and abandons the scenario, whose clean-up never runs.
            _ = try? await run(.strict) {
                try await withTemporaryDirectory { directory in
                    made.withLock { $0 = directory.path }
                    await withUnsafeContinuation { (_: UnsafeContinuation<Void, Never>) in }
                }
            }
            print(made.withLock { $0 })
        }
        let path = String(decoding: try #require(child).standardOutputContent, as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(!path.isEmpty, "the child made no directory")
        let left = FileManager.default.fileExists(atPath: path)
        if left { try? FileManager.default.removeItem(atPath: path) }  // this test leaves nothing either
        #expect(!left, "the cut run's directory \(path) was still there after its process exited")
    }

    @Test("a scratch folder whose process died is removed by the next sweep; a live one's stays")
    func deadFoldersAreSwept() throws {
        let base = try ScratchFolder.make("sweep")
        defer { try? FileManager.default.removeItem(at: base) }
        func folder(_ name: String, locked: Bool) throws -> (URL, Int32) {
            let folder = base.appending(path: ScratchFolder.prefix + name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
            try "".write(to: folder.appending(path: "weather.json"), atomically: true, encoding: .utf8)
            let lock = open(folder.appending(path: ".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
            if locked { #expect(flock(lock, LOCK_EX | LOCK_NB) == 0) } else { close(lock) }
            return (folder, locked ? lock : -1)
        }
        let (dead, _) = try folder("1-dead", locked: false)
        let (live, lock) = try folder("2-live", locked: true)
        defer { close(lock) }
        // A folder still being made (its lock not yet there) is left alone until it is a minute old.
        let making = base.appending(path: "." + ScratchFolder.prefix + "3-making")
        try FileManager.default.createDirectory(at: making, withIntermediateDirectories: false)
        ScratchFolder.sweep(base)
        #expect(!FileManager.default.fileExists(atPath: dead.path), "a folder nobody holds should be gone")
        #expect(FileManager.default.fileExists(atPath: live.path), "a folder its process holds must stay")
        #expect(FileManager.default.fileExists(atPath: making.path), "a folder being made must stay")
    }

    @Test("this process's scratch folder is locked for as long as the process lives, and inside the temporary folder")
    func ownFolderIsHeld() throws {
        let made = try ScratchFolder.make("own")
        defer { try? FileManager.default.removeItem(at: made) }
        let folder = made.deletingLastPathComponent()
        #expect(folder.deletingLastPathComponent().standardizedFileURL == FileManager.default.temporaryDirectory.standardizedFileURL)
        #expect(folder.lastPathComponent.hasPrefix(ScratchFolder.prefix + "\(getpid())-"))
        let lock = open(folder.appending(path: ".lock").path, O_RDWR | O_CLOEXEC)
        defer { close(lock) }
        #expect(lock >= 0 && flock(lock, LOCK_EX | LOCK_NB) != 0, "another descriptor must not get the lock")
    }
}
