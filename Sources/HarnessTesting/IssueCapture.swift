import Synchronization
import Testing

/// While a capture is on, the issues the adapter records go to it instead of to Swift Testing: how a test of the
/// adapter's own words reads what it would report, and a green run prints none of it.
final class IssueCapture: Sendable {
    /// The capture that is on, if one is.
    @TaskLocal static var current: IssueCapture?
    /// The texts recorded under it, in order.
    let texts = Mutex<[String]>([])
}

/// Runs `body` and returns the text of every issue the adapter's functions would have recorded in it (its comment,
/// as a failing test would print it), in order, recording none. Issues a test records itself are not captured.
package func capturingIssues(_ body: () throws -> Void) rethrows -> [String] {
    let capture = IssueCapture()
    try IssueCapture.$current.withValue(capture) { try body() }
    return capture.texts.withLock { $0 }
}

/// The same, for an `async` body.
package func capturingIssues(_ body: () async throws -> Void) async rethrows -> [String] {
    let capture = IssueCapture()
    try await IssueCapture.$current.withValue(capture) { try await body() }
    return capture.texts.withLock { $0 }
}

/// Records an issue of the adapter, or hands its text to the capture that is on.
func report(_ comment: Comment, severity: Issue.Severity = .error, sourceLocation: SourceLocation) {
    if let capture = IssueCapture.current {
        capture.texts.withLock { $0.append(comment.rawValue) }
    } else {
        Issue.record(comment, severity: severity, sourceLocation: sourceLocation)
    }
}
