/// A bank account whose withdrawal awaits an audit between its check and its deduction.
actor Account {
    /// The balance.
    private(set) var balance = 100

    /// Withdraws `amount` if the balance covers it, auditing first.
    func withdraw(_ amount: Int) async -> Bool {
        guard balance >= amount else { return false }
        await audit()
        balance -= amount
        return true
    }

    /// An audit that lets other work in.
    private func audit() async { await Task.yield() }
}

/// One of two players in a rally: each hit calls the other player back.
actor Player {
    /// Hits made by this player.
    private(set) var hits = 0

    /// Hits, then sends the ball to `other` while `remaining` hits are left.
    func hit(_ other: Player, remaining: Int) async {
        hits += 1
        if remaining > 0 { await other.hit(self, remaining: remaining - 1) }
    }
}

/// A feed's store, whose fetch takes 5 ms.
actor FeedStore {
    /// The feed's items.
    func fetch() async -> [String] {
        try? await Task.sleep(for: .milliseconds(5))
        return ["a", "b"]
    }
}

/// A feed's view model: a refresh starts a Task (on the main actor) that awaits the store.
@MainActor final class FeedModel {
    /// What the feed shows.
    private(set) var items: [String] = []
    /// Where the items come from.
    private let store = FeedStore()

    /// Starts a refresh.
    func refresh() -> Task<Void, Never> {
        Task { items = await store.fetch() }
    }
}

/// Refreshes a new feed and says what it shows: a main-actor function, as a button's action is.
@MainActor func refreshFeed() async -> String {
    let model = FeedModel()
    await model.refresh().value
    return list(model.items)
}

/// Heavy work that must never run on the caller's actor.
@concurrent func scaled(_ n: Int) async -> Int {
    try? await Task.sleep(for: .milliseconds(2))
    return n * 2
}

/// Sums numbers off the caller's actor, yielding once on the way.
@concurrent func crunch(_ numbers: [Int]) async -> Int {
    await Task.yield()
    return numbers.reduce(0, +)
}

/// A main-actor function handing its work to a `@concurrent` one.
@MainActor func summarize() async -> String {
    "\(await crunch([1, 2, 3]))"
}

/// A thumbnail maker that starts a Task for each render and scales in a `@concurrent` function.
actor Thumbnailer {
    /// Renders made.
    private(set) var made = 0

    /// One render.
    func render() async -> Int {
        let value = await Task { await scaled(21) }.value
        made += 1
        return value
    }
}

/// A global actor for storage, as apps declare one for their database. Only `global-actor-rows` uses it: the corpus
/// test runs its programs in parallel, and two runs sharing one actor at once can drain each other's jobs unseen (the
/// harness's limits, Platforms.md), so each program on a global actor has one of its own.
@globalActor actor StorageActor {
    /// The one instance.
    static let shared = StorageActor()
}

/// A global actor for timed work, `global-actor-task-sleeps`'s own (see `StorageActor`).
@globalActor actor TimingActor {
    /// The one instance.
    static let shared = TimingActor()
}

/// Rows kept on the storage actor; an insert takes 1 ms.
@StorageActor final class RowStore {
    /// The rows.
    private(set) var rows: [Int] = []

    /// An empty store, made anywhere.
    nonisolated init() {}

    /// Inserts `row` after a 1 ms write.
    func insert(_ row: Int) async {
        try? await Task.sleep(for: .milliseconds(1))
        rows.append(row)
    }
}

/// A counter on the main actor.
@MainActor final class MainCounter {
    /// The count.
    private(set) var count = 0
    /// A counter at zero, made anywhere.
    nonisolated init() {}
    /// Adds one.
    func bump() { count += 1 }
}

/// A pause that runs on its caller's actor, as `nonisolated(nonsending)` asks.
nonisolated(nonsending) func pause() async {
    try? await Task.sleep(for: .milliseconds(1))
}

/// Stock that a restock raises twice, pausing between.
actor Inventory {
    /// Items in stock.
    private var stock = 0

    /// Raises the stock, pauses, raises it again; returns the stock then.
    func restock() async -> Int {
        stock += 1
        await pause()
        stock += 1
        return stock
    }
}

extension Program {
    /// Two withdrawals of 80 from 100, each awaiting an audit between its check and its deduction.
    static let checkAwaitAct = Program(
        "check-await-act", "an actor's guard balance >= amount; await audit(); balance -= amount, twice at once",
        onTime: ["balance -60", "balance 20"],
        because: "the guard and the deduction straddle a suspension: the second passes the guard if it runs during the first's audit (-60), else it is refused (20)"
    ) {
        let account = Account()
        async let first = account.withdraw(80)
        async let second = account.withdraw(80)
        _ = await (first, second)
        return "balance \(await account.balance)"
    }

    /// Two actors in a rally of ten hits, each calling the other back while being called.
    static let actorPingPong = Program(
        "actor-ping-pong", "two actors calling each other back ten times deep",
        onTime: ["5, 5"],
        because: "actors are reentrant: one awaiting the other lets the call back in, so the rally alternates and ends"
    ) {
        let (a, b) = (Player(), Player())
        await a.hit(b, remaining: 9)
        return "\(await a.hits), \(await b.hits)"
    }

    /// A view model's refresh: a `Task {}` made on the main actor awaits a store actor that sleeps 5 ms.
    static let viewModelRefresh = Program(
        "view-model-refresh", "a Task {} from a @MainActor method awaiting an actor that sleeps 5 ms",
        onTime: ["[a, b]"],
        because: "the refresh task sets the items from the store's answer before its value is awaited"
    ) {
        await refreshFeed()
    }

    /// An actor that renders in a `Task {}` calling a `@concurrent` function that sleeps 2 ms.
    static let concurrentFromActorTask = Program(
        "concurrent-from-actor-task", "@concurrent func called from a Task {} made in an actor method",
        onTime: ["42, 1 made"],
        because: "the task hops off the actor for the @concurrent call, returns its value, and the render counts itself"
    ) {
        let thumbnailer = Thumbnailer()
        let value = await thumbnailer.render()
        return "\(value), \(await thumbnailer.made) made"
    }

    /// Ten inserts at once into a store on a global actor, each sleeping 1 ms inside it.
    static let globalActorRows = Program(
        "global-actor-rows", "a @globalActor class whose insert sleeps 1 ms, ten inserts from a task group",
        onTime: ["10 rows"],
        because: "the global actor runs each insert's parts one at a time, and append follows every sleep"
    ) {
        let store = RowStore()
        await withTaskGroup(of: Void.self) { group in
            for row in 0..<10 { group.addTask { await store.insert(row) } }
        }
        return "\(await store.rows.count) rows"
    }

    /// `Task { @TimingActor in … }` that sleeps 2 ms, timed inside.
    static let globalActorTaskSleeps = Program(
        "global-actor-task-sleeps", "Task { @GlobalActor in sleep 2 ms }, timed inside the task",
        onTime: ["slept ≥ 2 ms"],
        because: "a sleep lasts at least what it asked, on any actor"
    ) {
        await Task { @TimingActor in
            let start = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(2))
            return "slept \(waited(.milliseconds(2), since: start))"
        }.value
    }

    /// Five task-group children each bump a main-actor counter through `MainActor.run`.
    static let mainActorCounter = Program(
        "main-actor-counter", "five children each await MainActor.run { counter.bump() }",
        onTime: ["5"],
        because: "the main actor runs the five bumps one at a time, and the group waits for them all"
    ) {
        let counter = MainCounter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<5 { group.addTask { await MainActor.run { counter.bump() } } }
        }
        return "\(await counter.count)"
    }

    /// `Task { @MainActor in … }` that sleeps 3 ms, timed inside.
    static let mainActorTaskSleeps = Program(
        "main-actor-task-sleeps", "Task { @MainActor in sleep 3 ms }, timed inside the task",
        onTime: ["slept ≥ 3 ms"],
        because: "a sleep lasts at least what it asked, on the main actor too"
    ) {
        await Task { @MainActor in
            let start = ContinuousClock.now
            try? await Task.sleep(for: .milliseconds(3))
            return "slept \(waited(.milliseconds(3), since: start))"
        }.value
    }

    /// Two restocks at once on an actor, each calling a `nonisolated(nonsending)` pause that sleeps 1 ms.
    static let nonsendingOnActor = Program(
        "nonsending-on-actor", "an actor method calling a nonisolated(nonsending) func that sleeps 1 ms, twice at once",
        onTime: ["[3, 4]"], late: ["[2, 4]"],
        because: "the pause runs on the actor and frees it while asleep, so the second restock (ready at once) raises the stock in between; only one late by 1 ms sees 2"
    ) {
        let inventory = Inventory()
        async let first = inventory.restock()
        async let second = inventory.restock()
        return list(await [first, second].sorted())
    }

    /// A main-actor function that sums in a `@concurrent` function.
    static let concurrentFromMain = Program(
        "concurrent-from-main", "a @MainActor func awaiting a @concurrent func that yields",
        onTime: ["6"],
        because: "the call hops off the main actor, sums, and returns to it"
    ) {
        await summarize()
    }
}
