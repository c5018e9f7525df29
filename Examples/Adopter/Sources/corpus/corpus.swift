/// The app's own corpus: a target name this package's dependency must not also take.
public enum CorpusStub {
    /// What the app calls it.
    public static let name = "the adopter's own corpus"
}
