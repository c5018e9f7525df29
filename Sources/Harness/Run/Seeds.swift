/// The seeds of one exploration, in order, produced one at a time: a million seeds take no memory.
package struct Seeds: Sequence, Sendable, Equatable {
    /// The first seed and the last, or nil for none.
    package let bounds: ClosedRange<UInt64>?

    /// No seeds.
    package init() { bounds = nil }

    /// The seeds in `bounds`, both ends included.
    package init(_ bounds: ClosedRange<UInt64>) { self.bounds = bounds }

    /// How many seeds (at most 2^64 − 1 is never reached: settings bound it by `Plan.maxSeeds`).
    package var count: UInt64 { bounds.map { $0.upperBound - $0.lowerBound &+ 1 } ?? 0 }

    /// At least this many seeds, for `Array(_:)` and the like.
    package var underestimatedCount: Int { Int(clamping: count) }

    /// Walks the seeds from the first to the last.
    package func makeIterator() -> Iterator { Iterator(upcoming: bounds?.lowerBound, last: bounds?.upperBound ?? 0) }

    /// The walk over `Seeds`: the next seed, or nil once the last was given.
    package struct Iterator: IteratorProtocol, Sendable {
        /// The seed to give next; nil when done.
        var upcoming: UInt64?
        /// The last seed to give.
        let last: UInt64

        /// The next seed, or nil after the last (which may be `UInt64.max`: no overflow).
        package mutating func next() -> UInt64? {
            guard let seed = upcoming else { return nil }
            upcoming = seed == last ? nil : seed + 1
            return seed
        }
    }
}
