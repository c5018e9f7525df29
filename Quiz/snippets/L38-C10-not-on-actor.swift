@globalActor
actor WeatherActor {
    static let shared = WeatherActor()
}

/// The weather already asked for, in memory.
@WeatherActor
final class Cache {
    var answers: [String: String] = [:]
}

/// The same answers, as saved on disk.
@WeatherActor
final class Disk {
    var saved: [String: String] = [:]
}

/// The same function without @WeatherActor: it is on no actor, so the writes are errors.
func keep(_ answer: String, for city: String, in cache: Cache, and disk: Disk) {
    cache.answers[city] = answer
    disk.saved[city] = answer
}

let cache = Cache()
let disk = Disk()
await keep("fine", for: "Seattle", in: cache, and: disk)
print(await cache.answers, await disk.saved)
