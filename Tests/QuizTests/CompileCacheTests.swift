import Foundation
import ConcurrencyHarness
import ConcurrencyProofsQuiz
import ConcurrencyHarnessTesting
import Testing

/// The compile cache keeps the compiler's output only for exactly the same compiler, arguments and snippet: a
/// cache that hid a changed snippet would turn a failing compile check into a false pass.
@Suite("Quiz: the compile cache", scaledTimeLimit(minutes: 1))
struct CompileCacheTests {
    /// Runs `body` with a cache in a fresh temporary folder, and removes the folder after it: a test run leaves
    /// nothing behind in the temporary folder, however often it is repeated.
    func withFreshCache(_ body: (CompileCache) -> Void) {
        // A folder the cache makes itself, in the process's scratch folder.
        guard let scratch = try? ScratchFolder.make("quiz-cache-tests") else {
            Issue.record("cannot make a scratch folder for the cache")
            return
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        body(CompileCache(folder: scratch.appendingPathComponent("cache").path))
    }

    /// A compiler's output: an error on line 2.
    let failed = ChildOutcome(ending: .exit(1), stdout: "", stderr: "/tmp/x/A.swift:2:1: error: no\n")

    @Test("What was kept comes back for the same compiler, arguments and snippet")
    func keptOutputComesBack() {
        withFreshCache { cache in
            let key = CompileCache.key(compiler: "swift 6.3.1", arguments: ["-typecheck", "A.swift"], file: "A.swift",
                                       source: "let x = 1\nlet x = 2\n")
            cache.store(key, failed)
            #expect(cache.lookup(key) == failed)
        }
    }

    @Test("A changed snippet, argument or compiler finds nothing", arguments: [
        // One line each: a case's arguments are printed in its test's name.
        ("swift 6.3.1", ["-typecheck", "A.swift"], "let x = 1; let y = 2"),
        ("swift 6.3.1", ["-swift-version", "5", "-typecheck", "A.swift"], "let x = 1; let x = 2"),
        ("swift 6.4", ["-typecheck", "A.swift"], "let x = 1; let x = 2"),
    ])
    func anyChangeMisses(compiler: String, arguments: [String], source: String) {
        withFreshCache { cache in
            cache.store(CompileCache.key(compiler: "swift 6.3.1", arguments: ["-typecheck", "A.swift"], file: "A.swift",
                                         source: "let x = 1; let x = 2"), failed)
            #expect(cache.lookup(CompileCache.key(compiler: compiler, arguments: arguments, file: "A.swift",
                                                  source: source)) == nil)
        }
    }

    @Test("A compiler that crashed or was killed is never kept")
    func crashesAreNotKept() {
        withFreshCache { cache in
            let key = CompileCache.key(compiler: "c", arguments: [], file: "A.swift", source: "")
            cache.store(key, ChildOutcome(ending: .signal(9), stdout: "", stderr: ""))
            #expect(cache.lookup(key) == nil)
        }
    }
}
