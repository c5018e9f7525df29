/// The app's own corpus of programs: a name this package's dependency must not also give a target.
public enum CorpusPrograms {
    /// How many programs the app has.
    public static let count = 0
}
