import Foundation

/// Linux has no MapKit, so this stands in for `MKLocalSearchCompleter`: an API that answers only through a delegate.
/// The real one sends `queryFragment` to Apple's servers and calls its delegate when results come back. This one has
/// no server: whoever drives it — a test, a scenario, the quiz — hands it the results with `deliver(_:)` (or from
/// another thread, as a network callback would), and it counts how often it was told to `cancel()`.
/// `@MainActor`: MapKit calls its delegate on the main thread (lesson 40 measured it), and so does this.
@MainActor
public final class SearchCompleter {
    /// Who hears about new results. Weak, as MapKit's is: the delegate owns the completer, not the other way round.
    public weak var delegate: (any SearchCompleterDelegate)?
    /// The text typed so far. MapKit starts a new search when it changes; this one records each text in `queries`.
    public var queryFragment = "" {
        didSet { queries.append(queryFragment) }
    }
    /// Every text `queryFragment` was given, in order.
    public private(set) var queries: [String] = []
    /// The newest results.
    public private(set) var results: [SearchCompletion] = []
    /// How many times `cancel()` was called: how often someone stopped a search still going.
    public private(set) var cancelCount = 0

    /// A completer with no delegate, no text and no results.
    public init() {}

    /// Stops the search still going, if any. Here: counted, so that tests can see who called it.
    public func cancel() {
        cancelCount += 1
    }

    /// New results, as MapKit would announce them: kept in `results`, then the delegate is told, on the main actor.
    public func deliver(_ results: [SearchCompletion]) {
        self.results = results
        delegate?.completerDidUpdateResults(self)
    }

    /// New results arriving as a network callback would: on a thread of its own, which hands them to the main actor
    /// before the delegate hears of them. Returns at once; the delegate is told later.
    public nonisolated func deliverFromAnotherThread(_ results: [Suggestion]) {
        let callback = Thread {
            Task { @MainActor in
                self.deliver(results.map { SearchCompletion(title: $0.title, subtitle: $0.subtitle) })
            }
        }
        callback.start()
    }
}
