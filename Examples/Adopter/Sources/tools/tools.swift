/// The app's own tools: a target name this package's dependency must not also take.
public enum ToolsStub {
    /// What the app calls it.
    public static let name = "the adopter's own tools"
}
