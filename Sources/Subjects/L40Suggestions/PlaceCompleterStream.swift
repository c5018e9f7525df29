/// Lesson 40, steps 5 and 6: the completer as an `AsyncStream` of suggestions. `.bufferingNewest(1)` is step 2's
/// `newest` as a policy: when two more letters have been typed, the old list is wrong. `onTermination` stops the
/// search when nobody is listening any more (the loop's task was cancelled, or the stream was let go).
@MainActor
public final class PlaceCompleterStream: @MainActor SearchCompleterDelegate {
    /// The completer this one listens to (MapKit's, in the lesson; the stand-in here).
    private let completer: SearchCompleter
    /// The continuation of the newest stream handed out by `suggestions()`.
    private var continuation: AsyncStream<[Suggestion]>.Continuation?
    /// What `onTermination` said, one line per stream that ended: the lesson's "Suggestions ended: cancelled".
    public private(set) var endings: [String] = []

    /// Listens to `completer`: becomes its delegate.
    public init(completer: SearchCompleter) {
        self.completer = completer
        completer.delegate = self
    }

    /// The suggestions for whatever `search(_:)` was last given. Only the newest list is kept. The lesson prints
    /// "Suggestions ended: …" in `onTermination`; here the line is kept in `endings`.
    public func suggestions() -> AsyncStream<[Suggestion]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [Suggestion].self, bufferingPolicy: .bufferingNewest(1))
        continuation.onTermination = { reason in
            // `@Sendable`, and it may run on any thread: ask the main actor to touch the completer.
            Task { @MainActor in
                self.endings.append("Suggestions ended: \(reason)")
                // nobody is listening: stop any search still going
                self.completer.cancel()
            }
        }
        self.continuation = continuation
        return stream
    }

    /// Asks for suggestions for the text typed so far.
    public func search(_ text: String) {
        completer.queryFragment = text
    }

    /// The completer calls this whenever it has new results: they go into the stream.
    public func completerDidUpdateResults(_ completer: SearchCompleter) {
        continuation?.yield(completer.results.map { Suggestion(title: $0.title, subtitle: $0.subtitle) })
    }
}
