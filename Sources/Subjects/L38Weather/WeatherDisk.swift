import Foundation

/// The weather as it was last answered, kept in a JSON file, so that the next launch has it at once (lesson 38,
/// step 5). Its reads and writes are synchronous: each holds its thread until the disk is done. It answers only for
/// the last ten minutes.
///
/// The lesson keeps the file in the app's caches directory and ignores read and write errors; here the directory and
/// the clock are given to it (so tests can use a directory each and age the answers), and errors are thrown.
@WeatherActor
public final class WeatherDisk {
    /// One city's weather, and when it was given.
    private struct Saved: Codable {
        /// The place the answer is for.
        let place: String
        /// The temperature, in °C.
        let temperature: Double
        /// The WMO weather code.
        let code: Int
        /// When it was answered, by the disk's clock.
        let at: Date
    }

    /// `weather.json`, in the directory given at init.
    public nonisolated let file: URL
    /// The clock the ten minutes are measured on.
    private let now: @Sendable () -> Date
    /// What the file holds, by city.
    private var saved: [String: Saved]

    /// Reads the file, if there is one. `nonisolated`, so that a cache can be made with a disk from any code.
    /// `now` is the clock the ten minutes are measured on.
    public nonisolated init(directory: URL, now: @escaping @Sendable () -> Date = { Date() }) throws {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw WeatherDiskError.noSuchDirectory(directory.path)
        }
        let file = directory.appending(path: "weather.json")
        self.file = file
        self.now = now
        guard FileManager.default.fileExists(atPath: file.path) else {
            saved = [:]
            return
        }
        do {
            saved = try JSONDecoder().decode([String: Saved].self, from: Data(contentsOf: file))
        } catch {
            throw WeatherDiskError.unreadable(path: file.path, reason: "\(error)")
        }
    }

    /// A city's weather, if it was answered in the last ten minutes.
    public func recent(in city: String) -> Weather? {
        guard let kept = saved[city], kept.at > now() - 600 else {
            return nil
        }
        return Weather(place: kept.place, temperature: kept.temperature, code: kept.code)
    }

    /// Keeps a city's new weather, and writes the file.
    public func save(_ weather: Weather, for city: String) throws {
        saved[city] = Saved(place: weather.place, temperature: weather.temperature, code: weather.code, at: now())
        try write()
    }

    /// Forgets a city's weather, so that the next question asks again.
    public func forget(_ city: String) throws {
        saved[city] = nil
        try write()
    }

    /// Writes everything kept to the file, at once (atomically).
    private func write() throws {
        do {
            try JSONEncoder().encode(saved).write(to: file, options: .atomic)
        } catch {
            throw WeatherDiskError.unwritable(path: file.path, reason: "\(error)")
        }
    }
}
