/// The app's own subjects: a name this package's dependency must not also give a target.
public enum Subjects {
    /// What the app calls its subjects.
    public static let name = "the adopter's subjects"
}
