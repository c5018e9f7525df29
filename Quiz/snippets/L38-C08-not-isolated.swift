actor Cache {
    var answers: [String: String] = [:]
}

/// Without `isolated` the function runs on no actor: the writes are errors.
func fill(_ cache: Cache) {
    cache.answers["Seattle"] = "fine"
    cache.answers["Bergen"] = "rain"
}

/// One await, at the call.
func fillOnce() async -> Int {
    let cache = Cache()
    await fill(cache)
    return await cache.answers.count
}
