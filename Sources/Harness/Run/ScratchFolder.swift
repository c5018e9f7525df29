import CHarnessTime
import Foundation

/// A folder of this process's own in the temporary folder, for the files a scenario or a tool needs while it runs (a
/// disk cache's directory, a child process's output), gone when the process is.
///
/// ```swift
/// let directory = try ScratchFolder.make("weather")   // <tmp>/concurrency-proofs-<pid>-<id>/weather-<UUID>
/// defer { try? FileManager.default.removeItem(at: directory) }
/// ```
///
/// A scenario that a time limit cuts, or that waits for ever, never reaches its own clean-up: the harness abandons it,
/// and what it made stays. So every folder made here lies inside one folder of the process, which is removed as the
/// process exits normally (`exit`, a return from `main`), and which the next process to make one removes if this one
/// never got that far (killed, crashed): each process holds a lock on its folder for as long as it lives, and a
/// folder whose lock can be taken belongs to no live process.
package enum ScratchFolder {
    /// The start of every process folder's name.
    static let prefix = "concurrency-proofs-"

    /// A new, empty folder named `name-<UUID>` in this process's folder (made, with the sweep of dead processes'
    /// folders, at the first call).
    ///
    /// - Throws: `CocoaError` if a folder cannot be made or locked, naming it.
    package static func make(_ name: String) throws -> URL {
        let folder = try process.get().appending(path: "\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        return folder
    }

    /// This process's folder, made once: or why it could not be.
    private static let process: Result<URL, CocoaError> = {
        let base = FileManager.default.temporaryDirectory
        sweep(base)
        let name = "\(prefix)\(getpid())-\(UUID().uuidString.prefix(8))"
        // Made and locked under a name the sweep does not judge by its lock, then renamed: a folder under its own name
        // is locked from the first moment, so no sweep running beside this one can take it for a dead process's.
        let making = base.appending(path: ".\(name)"), folder = base.appending(path: name)
        do {
            try FileManager.default.createDirectory(at: making, withIntermediateDirectories: true)
        } catch {
            return .failure(CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: making.path]))
        }
        // Held until the process ends (the descriptor is never closed, and not inherited by children): the sign that
        // the folder's process lives.
        let lock = open(making.appending(path: ".lock").path, O_CREAT | O_RDWR | O_CLOEXEC, 0o600)
        guard lock >= 0, flock(lock, LOCK_EX | LOCK_NB) == 0, rename(making.path, folder.path) == 0 else {
            try? FileManager.default.removeItem(at: making)
            return .failure(CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: folder.path]))
        }
        folder.path.withCString { harness_scratch_remove_at_exit($0) }
        return .success(folder)
    }()

    /// Removes the folders in `base` that dead processes left: those whose lock anyone can take, and those with no
    /// lock (half made or half removed) that nobody has touched for a minute.
    static func sweep(_ base: URL) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: base.path) else { return }
        for name in names where name.hasPrefix(prefix) || name.hasPrefix(".\(prefix)") {
            let folder = base.appending(path: name)
            let lock = name.hasPrefix(prefix) ? open(folder.appending(path: ".lock").path, O_RDWR | O_CLOEXEC) : -1
            if lock >= 0 {
                defer { close(lock) }
                guard flock(lock, LOCK_EX | LOCK_NB) == 0 else { continue }  // its process lives
            } else {
                let modified = (try? FileManager.default.attributesOfItem(atPath: folder.path))?[.modificationDate] as? Date
                guard let modified, modified.timeIntervalSinceNow < -60 else { continue }
            }
            try? FileManager.default.removeItem(at: folder)
        }
    }
}
