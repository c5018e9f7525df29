// L38-C09: a nonisolated description satisfies CustomStringConvertible and is used with no await.

actor Cache: CustomStringConvertible {
    let name = "Open-Meteo"

    nonisolated var description: String {
        "a cache of \(name)'s answers"
    }
}

func describeWithoutAwait(_ cache: Cache) -> String {
    "\(cache)"
}
