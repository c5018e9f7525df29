import Foundation

/// Runs `body` with a new, empty directory of its own under the system's temporary directory — for one scenario's
/// `WeatherDisk`, so that scenarios running side by side never share a file — and removes it afterwards. A failure to
/// remove it is thrown, unless `body` threw first.
nonisolated(nonsending)
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = FileManager.default.temporaryDirectory.appending(path: "reentrancy-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    let result: T
    do {
        result = try await body(url)
    } catch {
        try? FileManager.default.removeItem(at: url)    // the body's error is the one worth reporting
        throw error
    }
    try FileManager.default.removeItem(at: url)
    return result
}
