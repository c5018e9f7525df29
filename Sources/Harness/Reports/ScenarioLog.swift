/// Notes a scenario leaves for its failure report ("buyer 1 waits for the bag").
public enum ScenarioLog {
    /// Keeps `text` among the run's last twenty notes, shown if the run fails, and in its timeline
    /// with the name of the task that left it. Outside a harness thread it does nothing.
    public static func note(_ text: @autoclosure () -> String) {
        guard let executor = ThreadBinding.current else { return }
        executor.note(text(), task: Task.name, taskID: withUnsafeCurrentTask { $0.map(OneThreadExecutor.taskID) })
    }
}
