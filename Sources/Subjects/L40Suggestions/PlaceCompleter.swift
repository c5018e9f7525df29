/// Lesson 40, step 2: the search completer — an API that answers through a delegate — as something the editor can
/// ask, again and again, for the next list of suggestions, with nothing but an `async` method and a continuation.
/// `@MainActor`, the class and its conformance: the editor reads it, and the completer calls the delegate on the
/// main actor, so the isolated conformance's promise holds.
@MainActor
public final class PlaceCompleter: @MainActor SearchCompleterDelegate {
    /// The completer this one listens to (MapKit's, in the lesson; the stand-in here).
    private let completer: SearchCompleter
    /// Whoever is waiting in `next()` for the next list, if anyone is.
    private var waiting: CheckedContinuation<[Suggestion]?, Never>?
    /// A list that arrived while nobody was waiting, kept for the next call of `next()`.
    private var newest: [Suggestion]?

    /// Listens to `completer`: becomes its delegate.
    public init(completer: SearchCompleter) {
        self.completer = completer
        completer.delegate = self
    }

    /// The next list of suggestions: at once if one arrived while nobody was asking, otherwise when the completer
    /// next answers. Like the lesson's, it never answers `nil`: a loop over it has no end.
    public func next() async -> [Suggestion]? {
        if let list = newest {
            newest = nil
            return list
        }
        return await withCheckedContinuation { continuation in
            waiting = continuation
        }
    }

    /// Asks for suggestions for the text typed so far.
    public func search(_ text: String) {
        completer.queryFragment = text
    }

    /// The completer calls this whenever it has new results: the list goes to whoever is waiting, or is kept.
    public func completerDidUpdateResults(_ completer: SearchCompleter) {
        let list = completer.results.map { Suggestion(title: $0.title, subtitle: $0.subtitle) }
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: list)
        } else {
            newest = list
        }
    }
}
