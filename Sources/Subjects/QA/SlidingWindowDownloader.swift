/// The question-and-answer seed's sliding window: download many things with at most `cap` in flight. Seed a task
/// group with `cap` children, then add the next each time one finishes — never more than `cap` at once, and a slow
/// one does not hold back the others. Cancelling the caller's task cancels the downloads in flight and stops adding.
public struct SlidingWindowDownloader<ID: Sendable, Item: Sendable>: Sendable {
    /// A cap below 1, which could never start anything.
    public struct CapTooSmall: Error, CustomStringConvertible {
        /// The cap that was asked for.
        public let cap: Int
        /// Names the bad value.
        public var description: String { "a sliding window needs a cap of at least 1, got \(cap)" }
    }

    /// The most downloads in flight at once.
    public let cap: Int
    /// One download: a request, or a test's stand-in that counts how many are in flight.
    public let download: @Sendable (ID) async throws -> Item

    /// A downloader with at most `cap` downloads in flight. Throws `CapTooSmall` for a cap below 1.
    public init(cap: Int, download: @escaping @Sendable (ID) async throws -> Item) throws(CapTooSmall) {
        guard cap >= 1 else { throw CapTooSmall(cap: cap) }
        self.cap = cap
        self.download = download
    }

    /// Every item, in the order of `ids`. The first error cancels the downloads still in flight and is rethrown.
    nonisolated(nonsending) public func downloadAll(_ ids: [ID]) async throws -> [Item] {
        try await withThrowingTaskGroup(of: (Int, Item).self) { group in
            var next = 0
            // seed the window
            while next < min(cap, ids.count) {
                let index = next, id = ids[index]
                group.addTask { (index, try await download(id)) }
                next += 1
            }
            var items = [Item?](repeating: nil, count: ids.count)
            // one finished: one more in
            while let (index, item) = try await group.next() {
                items[index] = item
                if next < ids.count {
                    let index = next, id = ids[index]
                    group.addTask { (index, try await download(id)) }
                    next += 1
                }
            }
            // every index was filled: each id was added once, and the loop ran until the group was empty
            return items.map { $0! }
        }
    }
}
