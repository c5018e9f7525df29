import Foundation
import ConcurrencyHarness
import ConcurrencyHarnessTesting
import Testing

/// Swift 6.4's noncopyable `Continuation` (SE-0528). On 6.3 these are skipped, not passed.
@Suite("L40 Q6, Q8: Swift 6.4's noncopyable Continuation", scaledTimeLimit(minutes: 1))
struct NoncopyableContinuationTests {
    #if compiler(>=6.4)
    @Test("L40 Q8: a Continuation dropped without a resume traps: deinitialized without being resumed")
    func droppedContinuationTraps() async throws {
        let result = try #require(
            await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
                let answer = await withContinuation(of: String.self) { continuation in
                    _ = consume continuation
                }
                print("got", answer)
            })
        let stderr = String(decoding: result.standardErrorContent, as: UTF8.self)
        #expect(
            stderr.contains(/Continuation was deinitialized without being resumed|dropped without resuming/),
            "a noncopyable continuation nobody consumed should trap in its deinit; stderr: \(stderr)")
    }

    @Test("L40 Q6: a second resume of a Continuation does not compile: consumed more than once")
    func secondResumeDoesNotCompile() async throws {
        let source = """
            func twice() async -> String {
                await withContinuation(of: String.self) { continuation in
                    continuation.resume(returning: "first")
                    continuation.resume(returning: "second")
                }
            }
            """
        let folder = FileManager.default.temporaryDirectory.appending(path: "twice-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: false)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "twice.swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        // The compiler's words go to a file and its end is awaited, not waited for: a blocked thread of the pool is
        // one the other tests lack, and a pipe's end may wait for children other tests start meanwhile.
        let errorsFile = folder.appending(path: "stderr")
        _ = FileManager.default.createFile(atPath: errorsFile.path, contents: nil)
        let errors = try FileHandle(forWritingTo: errorsFile)
        defer { try? errors.close() }
        let compiler = Process()
        compiler.executableURL = URL(filePath: "/usr/bin/env")
        compiler.arguments = ["swiftc", "-typecheck", "-swift-version", "6", file.path]
        compiler.standardError = errors
        let status = try await withCheckedThrowingContinuation { (ended: CheckedContinuation<Int32, any Error>) in
            compiler.terminationHandler = { ended.resume(returning: $0.terminationStatus) }
            do { try compiler.run() } catch { ended.resume(throwing: error) }
        }
        let output = (try? String(contentsOf: errorsFile, encoding: .utf8)) ?? ""
        #expect(status != 0, "two resumes should not compile")
        #expect(output.contains("consumed more than once"), "the compiler should say why: \(output)")
    }
    #else
    @Test(
        "L40 Q8: a Continuation dropped without a resume traps: deinitialized without being resumed",
        .disabled("needs Swift 6.4: withContinuation(of:) and the noncopyable Continuation (SE-0528)"))
    func droppedContinuationTraps() {}

    @Test(
        "L40 Q6: a second resume of a Continuation does not compile: consumed more than once",
        .disabled("needs Swift 6.4: withContinuation(of:) and the noncopyable Continuation (SE-0528)"))
    func secondResumeDoesNotCompile() {}
    #endif
}
