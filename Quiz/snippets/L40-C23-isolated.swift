// L40-C23: with the word on both conformances (isolated conformances) it compiles, and a main-actor loop reads it.

@MainActor
final class Suggestions: @MainActor AsyncSequence, @MainActor AsyncIteratorProtocol {
    private var left = ["Portland", "Portsmouth"]

    func makeAsyncIterator() -> Suggestions {
        self
    }

    func next() async -> String? {
        left.isEmpty ? nil : left.removeFirst()
    }
}

@MainActor func readAll() async -> [String] {
    var got: [String] = []
    for await suggestion in Suggestions() {
        got.append(suggestion)
    }
    return got
}
