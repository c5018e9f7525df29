// Architecture seed, as written: a @MainActor class's deinit cancels its Task (a Sendable property).

@MainActor
final class CartStore {
    private var persistTask: Task<Void, Never>?

    deinit { persistTask?.cancel() }
}
