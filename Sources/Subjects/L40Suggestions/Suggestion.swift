/// A place the search completer suggests while the person types: "Portland, OR", in "United States" (lesson 40,
/// step 2). A `Sendable` struct of two strings, copied out of the completer's results (which are a class, as
/// MapKit's are), so that what the completer hands out belongs to nobody else.
public struct Suggestion: Hashable, Sendable {
    /// The first line, such as "Portland, OR".
    public let title: String
    /// The second line, such as "United States".
    public let subtitle: String

    /// A suggestion with the two lines the completer shows.
    public init(title: String, subtitle: String) {
        self.title = title
        self.subtitle = subtitle
    }

    /// The city alone: the title up to its first comma.
    public var city: String {
        String(title.split(separator: ",").first ?? "")
    }

    /// The country: the last part of the subtitle.
    public var country: String {
        subtitle.split(separator: ", ").last.map(String.init) ?? ""
    }
}
