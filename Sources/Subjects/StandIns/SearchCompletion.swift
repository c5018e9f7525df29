/// One result of the search completer: a title and a subtitle, as MapKit's `MKLocalSearchCompletion` has. A class
/// and not `Sendable`, like MapKit's, which is why the completers copy each one into a `Suggestion`.
public final class SearchCompletion {
    /// The first line, such as "Portland, OR".
    public let title: String
    /// The second line, such as "United States".
    public let subtitle: String

    /// A result with the two lines the completer shows.
    public init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }
}
