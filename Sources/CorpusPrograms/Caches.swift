/// An image cache that shares one load between everyone asking for the same key while it is in flight: the usual
/// answer to actor reentrancy (`if let task = inFlight[key] { return await task.value }`).
actor SharingCache {
    /// Finished loads.
    private var cache: [Int: Int] = [:]
    /// Loads in flight, one task per key.
    private var inFlight: [Int: Task<Int, Never>] = [:]
    /// How many loads started.
    private(set) var loads = 0
    /// How long a load takes.
    private let loadTime: Duration

    /// A cache whose loads take `loadTime`.
    init(loadTime: Duration) { self.loadTime = loadTime }

    /// The value for `key`: cached, shared with a load in flight, or loaded now.
    func value(for key: Int) async -> Int {
        if let value = cache[key] { return value }
        if let task = inFlight[key] { return await task.value }
        let task = Task { await load(key) }
        inFlight[key] = task
        let value = await task.value
        cache[key] = value
        inFlight[key] = nil
        return value
    }

    /// Loads `key` from the "network".
    private func load(_ key: Int) async -> Int {
        loads += 1
        try? await Task.sleep(for: loadTime)
        return key * 10
    }
}

/// A cache written the first way everyone writes it: check, await the load, store. Two askers can both miss.
actor NaiveCache {
    /// Finished loads.
    private var cache: [Int: Int] = [:]
    /// How many loads started.
    private(set) var loads = 0

    /// The value for `key`, loaded if it is not cached yet.
    func value(for key: Int) async -> Int {
        if let value = cache[key] { return value }
        loads += 1
        try? await Task.sleep(for: .milliseconds(5))
        cache[key] = key * 10
        return key * 10
    }
}

extension Program {
    /// Two screens ask an in-flight-sharing cache for the same image at once; the load sleeps 10 ms.
    static let sharedLoad = Program(
        "shared-load", "an actor cache de-duplicating loads in flight, two askers",
        onTime: ["1 load: 10, 10"],
        because: "nothing suspends between the second asker's check of inFlight and the first's insert, so it finds the task or the value"
    ) {
        let cache = SharingCache(loadTime: .milliseconds(10))
        async let first = cache.value(for: 1)
        async let second = cache.value(for: 1)
        let values = await [first, second]
        return "\(await cache.loads) load: \(values.map(String.init).joined(separator: ", "))"
    }

    /// The same cache, and what its askers can say about time: both answers come after the 50 ms load.
    static let sharedLoadWaits = Program(
        "shared-load-waits", "the same cache: how long its askers waited for a 50 ms load",
        onTime: ["both answered ≥ 50 ms after asking"],
        because: "the one load starts after both asked and sleeps 50 ms; each answer is its result, so neither comes sooner"
    ) {
        let cache = SharingCache(loadTime: .milliseconds(50))
        let start = ContinuousClock.now
        async let first: String = { _ = await cache.value(for: 7); return waited(.milliseconds(50), since: start) }()
        async let second: String = { _ = await cache.value(for: 7); return waited(.milliseconds(50), since: start) }()
        let waits = await [first, second]
        return waits == ["≥ 50 ms", "≥ 50 ms"] ? "both answered ≥ 50 ms after asking" : "answered \(waits) after asking"
    }

    /// Two askers of a cache that checks, awaits its 5 ms load, then stores: the reentrancy bug of every first cache.
    static let reentrantCache = Program(
        "reentrant-cache", "an actor cache that awaits between its check and its store, two askers",
        onTime: ["2 loads"], late: ["1 load"],
        because: "the first asker suspends in its 5 ms load before the second (ready at once) checks, so both miss; only a second asker late by 5 ms finds the value"
    ) {
        let cache = NaiveCache()
        async let first = cache.value(for: 1)
        async let second = cache.value(for: 1)
        _ = await (first, second)
        let loads = await cache.loads
        return loads == 1 ? "1 load" : "\(loads) loads"
    }

    /// A memo of three keys asked for at once from a task group: one load per key.
    static let memoPerKey = Program(
        "memo-per-key", "the sharing cache asked for three keys by a task group, each twice",
        onTime: ["3 loads: [10, 20, 30]"],
        because: "each key's second asker finds the first's task in flight or its value; different keys never share"
    ) {
        let cache = SharingCache(loadTime: .milliseconds(3))
        let values = await withTaskGroup(of: (Int, Int).self) { group in
            for key in [1, 2, 3, 1, 2, 3] { group.addTask { (key, await cache.value(for: key)) } }
            var values: [Int: Int] = [:]
            for await (key, value) in group { values[key] = value }
            return values
        }
        return "\(await cache.loads) loads: \(list(values.keys.sorted().map { values[$0]! }))"
    }
}
