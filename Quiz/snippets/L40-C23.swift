@MainActor
final class Suggestions: AsyncSequence, AsyncIteratorProtocol {
    private var left = ["Portland", "Portsmouth"]

    func makeAsyncIterator() -> Suggestions {
        self
    }

    func next() async -> String? {
        left.isEmpty ? nil : left.removeFirst()
    }
}
