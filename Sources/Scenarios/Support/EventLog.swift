import ConcurrencyHarness
import Synchronization

/// What happened, in the order it happened, written from any task or thread: the console of the lessons' examples.
/// A scenario returns `entries` so that a test can check the order and the quiz can print it. The one event log of
/// the scenarios, the topic tests' and the quiz's alike. Each line is also a note of the run (`ScenarioLog.note`, with
/// the name of the task that wrote it), so a counterexample's timeline tells the same story as the console.
public final class EventLog: Sendable {
    /// The lines so far; the mutex is what makes writing from several threads safe.
    private let lines = Mutex<[String]>([])
    /// Whether each line is also a note of the run.
    private let leavesNotes: Bool

    /// An empty log; `leavesNotes: false` where the scenario leaves notes in words of its own.
    public init(leavesNotes: Bool = true) {
        self.leavesNotes = leavesNotes
    }

    /// Adds `line` at the end.
    public func record(_ line: String) {
        lines.withLock { $0.append(line) }
        if leavesNotes { ScenarioLog.note(line) }
    }

    /// Every line, in order.
    public var entries: [String] {
        lines.withLock { $0 }
    }
}
