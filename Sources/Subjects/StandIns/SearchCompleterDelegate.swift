/// What the search completer calls when it has new results — the stand-in for MapKit's
/// `MKLocalSearchCompleterDelegate`. Like MapKit's protocol it belongs to no actor, so a main-actor class can
/// conform only with an isolated conformance: `@MainActor SearchCompleterDelegate`.
public protocol SearchCompleterDelegate: AnyObject {
    /// New results are in `completer.results`.
    func completerDidUpdateResults(_ completer: SearchCompleter)
}
