actor Cache {
    var answers: [String: String] = [:]
}

/// The whole function runs on the cache's actor: its state is used directly, with no await.
func fill(_ cache: isolated Cache) {
    cache.answers["Seattle"] = "fine"
    cache.answers["Bergen"] = "rain"
}

/// One await, at the call.
func fillOnce() async -> Int {
    let cache = Cache()
    await fill(cache)
    return await cache.answers.count
}
