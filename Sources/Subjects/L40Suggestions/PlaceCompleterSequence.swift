/// Lesson 40, step 4: step 2's completer, made something `for await` can loop over. It is both the sequence and
/// its iterator. The conformances say `@MainActor`, like the delegate's: the protocols' methods belong to no actor,
/// and without the word Swift 6 refuses ("crosses into main actor-isolated code"). A loop on the main actor only.
@MainActor
public final class PlaceCompleterSequence: @MainActor SearchCompleterDelegate, @MainActor AsyncSequence,
    @MainActor AsyncIteratorProtocol
{
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

    /// `for await` asks the sequence for an iterator, then asks the iterator for each value: this class is both.
    public func makeAsyncIterator() -> PlaceCompleterSequence {
        self
    }

    /// The next list of suggestions: at once if one arrived while nobody was asking, otherwise when the completer
    /// next answers. It never answers `nil`.
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
