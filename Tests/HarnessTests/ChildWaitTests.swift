import Foundation
import ConcurrencyHarnessTesting
import Testing

/// Tests run in parallel on the pool's few threads: a test that waits for a child process in place holds one of them
/// for the child's whole life, and a pipe read to its end waits for every child started meanwhile that holds its write
/// end. Under load the two together stalled every test of a process for 30 s, and a `system` run waiting for a thread
/// ran out of time. A child is awaited (`terminationHandler`), its output read from a file.
@Suite("No test holds a thread of the pool while a child process runs", scaledTimeLimit(minutes: 1))
struct ChildWaitTests {
    @Test("no test waits for a child process on a thread of the pool, or reads a child's pipe to its end")
    func childrenAreAwaited() throws {
        // The needles split, so that this line is no match.
        let blocking = try testSourceLines(containing: [".waitUntil" + "Exit()", ".readDataTo" + "EndOfFile()"])
        #expect(blocking.isEmpty, """
            blocking waits for a child (await its terminationHandler, its output in a file):
            \(blocking.joined(separator: "\n"))
            """)
    }
}
