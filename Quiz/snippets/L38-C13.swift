// L38-C13: the group's body never reads its children, so nothing in the `try` can throw.

struct Offline: Error {}

func askAndForget() async -> String {
    do {
        try await withThrowingTaskGroup(of: String.self) { group in
            group.addTask { throw Offline() }
        }
        return "the body returned"
    } catch {
        return "the group threw \(error)"
    }
}
