/// The app's own bench: a target name this package's dependency must not also take.
public enum BenchStub {
    /// What the app calls it.
    public static let name = "the adopter's own bench"
}
