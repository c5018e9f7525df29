import Foundation
import Synchronization

/// What the compiler said about a snippet, kept in `.build/quiz-compile-cache/` so that a second `swift run quiz`
/// does not compile fifty unchanged snippets again.
///
/// Only the compiler's output is kept, never a verdict: every run judges it afresh against the bank. An entry is
/// used only if everything that decides the compiler's output is the same, compared in full (not by a hash): the
/// snippet's text and file name, the arguments, and the compiler (its `-version` line and the size and
/// modification time of the `swiftc` and `swift-frontend` binaries it resolves to). A crash, a timeout or a
/// compiler that could not start is never kept. `QUIZ_COMPILE_CACHE=off` turns the cache off.
public struct CompileCache: Sendable {
    /// The folder the entries live in.
    public var folder: String

    /// A cache in `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    /// The package's cache, in its `.build/`; nil if `QUIZ_COMPILE_CACHE` is `off`.
    public static var standard: CompileCache? {
        if ProcessInfo.processInfo.environment["QUIZ_COMPILE_CACHE"] == "off" { return nil }
        // …/Sources/Quiz/Checks/CompileCache.swift → the package's folder
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return CompileCache(folder: url.appendingPathComponent(".build/quiz-compile-cache").path)
    }

    /// Everything that decides the compiler's output, as one text: the compiler, the arguments (naming the file
    /// without its temporary folder), the file name and the snippet.
    public static func key(compiler: String, arguments: [String], file: String, source: String) -> String {
        "compiler: \(compiler)\narguments: \(arguments.joined(separator: " "))\nfile: \(file)\n\n\(source)"
    }

    /// The compiler's output for `key`, if kept.
    public func lookup(_ key: String) -> ChildOutcome? {
        guard let data = FileManager.default.contents(atPath: path(key)),
              let stored = try? JSONDecoder().decode(Stored.self, from: data),
              stored.key == key
        else { return nil }
        return ChildOutcome(ending: .exit(stored.exitCode), stdout: stored.stdout, stderr: stored.stderr)
    }

    /// Keeps `outcome` for `key`, if the compiler ran to its end (exit code 0 or 1).
    public func store(_ key: String, _ outcome: ChildOutcome) {
        guard case .exit(let code) = outcome.ending, code == 0 || code == 1,
              let data = try? JSONEncoder().encode(Stored(key: key, exitCode: code, stdout: outcome.stdout,
                                                          stderr: outcome.stderr))
        else { return }
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        // Written whole, then renamed: a reader beside it sees the old entry or the new one, never half.
        let temporary = path(key) + ".\(UUID().uuidString)"
        guard FileManager.default.createFile(atPath: temporary, contents: data) else { return }
        if rename(temporary, path(key)) != 0 { try? FileManager.default.removeItem(atPath: temporary) }
    }

    /// A program built for `key`, if kept: its path in the cache.
    public func program(_ key: String) -> String? {
        guard let kept = lookup(key), kept.stdout == "program" else { return nil }
        let path = path(key).replacingOccurrences(of: ".json", with: ".program")
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// Keeps the program built for `key`: the file first, then the entry that names it.
    public func keepProgram(_ key: String, from built: String) {
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = path(key).replacingOccurrences(of: ".json", with: ".program")
        let temporary = path + ".\(UUID().uuidString)"
        guard (try? FileManager.default.copyItem(atPath: built, toPath: temporary)) != nil else { return }
        guard rename(temporary, path) == 0 else {
            try? FileManager.default.removeItem(atPath: temporary)
            return
        }
        store(key, ChildOutcome(ending: .exit(0), stdout: "program", stderr: ""))
    }

    /// The entry's file: named by a hash of the key, which the entry repeats in full.
    func path(_ key: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in key.utf8 {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        return folder + "/" + String(hash, radix: 16) + ".json"
    }

    /// One kept output.
    struct Stored: Codable {
        var key: String
        var exitCode: Int
        var stdout: String
        var stderr: String
    }

    /// The compiler at `swiftc`, named so that a changed toolchain is a different name: its `-version` line and
    /// the size and modification time of the binaries it resolves to. Nil if it cannot be told (then nothing is
    /// cached). Asked once per path and process.
    @concurrent public static func identity(of swiftc: String) async -> String? {
        if let known = identities.withLock({ $0[swiftc] }) { return known }
        let version = await ChildProcess.run(swiftc, ["-version"], timeout: .seconds(30))
        guard version.ending == .exit(0) else { return nil }
        let resolved = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath()
        let frontend = resolved.deletingLastPathComponent().appendingPathComponent("swift-frontend")
            .resolvingSymlinksInPath()
        var binaries: [String] = []
        for binary in [resolved, frontend] {
            guard let attributes = try? FileManager.default.attributesOfItem(atPath: binary.path),
                  let size = attributes[.size], let modified = attributes[.modificationDate] as? Date
            else { continue }
            binaries.append("\(binary.path) \(size) bytes, modified \(modified.timeIntervalSince1970)")
        }
        guard !binaries.isEmpty else { return nil }
        let identity = (version.stdout + version.stderr).trimmingCharacters(in: .whitespacesAndNewlines)
            + "; " + binaries.joined(separator: "; ")
        identities.withLock { $0[swiftc] = identity }
        return identity
    }

    /// Identities already asked for, by path.
    private static let identities = Mutex<[String: String]>([:])
}
