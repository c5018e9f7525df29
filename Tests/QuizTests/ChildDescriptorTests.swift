import Foundation
import ConcurrencyHarnessTesting
@testable import ConcurrencyProofsQuiz
import Testing

/// A child the quiz starts (a compiler, a crash child, a quiz of its own) keeps its standard input, output and error
/// and nothing else of the process that started it: a pipe another test opened for its own child would otherwise stay
/// open as long as this child runs, and that test would wait for this child's end to read its own child's.
@Suite("Quiz bank: a child process holds none of its parent's descriptors", scaledTimeLimit(minutes: 1))
struct ChildDescriptorTests {
    @Test("a child started while a pipe is open lists only 0, 1, 2 and the folder it lists them with",
          .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "Linux: a process lists its descriptors in /proc"))
    func childInheritsNothing() async throws {
        let pipe = Pipe()  // open in this process, not close-on-exec, as Foundation makes it
        let outcome = await ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        let pipeEnd = pipe.fileHandleForWriting.fileDescriptor  // the pipe stays open until the child has ended
        let listed = Set(outcome.stdout.split(separator: "\n").compactMap { Int32($0) })
        let inherited = listed.subtracting([0, 1, 2])  // and the one `ls` opens itself, to read the folder
        #expect(outcome.ending == .exit(0), "\(outcome.ending): \(outcome.stderr)")
        #expect(inherited.count <= 1,
                "the child held \(inherited.sorted()) besides 0, 1 and 2 (the open pipe's write end: \(pipeEnd))")
    }
}
