/// A main-actor model that counts points sent from many tasks, saving after each one.
@MainActor
public final class Scoreboard {
    /// The points so far.
    public private(set) var points = 0
    /// Whether `add` reads the points again after saving (the right way) or adds to what it read before.
    private let readsAfterSaving: Bool

    /// An empty scoreboard; `readsAfterSaving: false` is the lost-update bug, for a control.
    public init(readsAfterSaving: Bool = true) {
        self.readsAfterSaving = readsAfterSaving
    }

    /// Adds `amount` and saves; the save suspends, and the main actor runs other work meanwhile.
    public func add(_ amount: Int) async {
        let before = points
        if readsAfterSaving { points += amount }
        await save()
        if !readsAfterSaving { points = before + amount }
    }

    /// Stands in for writing to disk: a suspension.
    private func save() async {
        await Task.yield()
    }
}
