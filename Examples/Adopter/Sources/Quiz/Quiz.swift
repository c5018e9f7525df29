/// The app's own Quiz: a target name this package's dependency must not also take.
public enum QuizStub {
    /// What the app calls it.
    public static let name = "the adopter's own Quiz"
}
