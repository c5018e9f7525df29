// Q&A seed: a Task created in @MainActor code runs its body on the main actor, so it can update UI state directly.

@MainActor
final class ScreenModel {
    var title = ""

    func refresh() {
        Task {
            self.title = "Seattle"
        }
    }
}
