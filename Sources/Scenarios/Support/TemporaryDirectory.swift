import Foundation
import ConcurrencyHarness

/// Runs `body` with a new, empty directory of its own in the process's scratch folder (`ScratchFolder`) — for one
/// scenario's `WeatherDisk`, so that scenarios running side by side never share a file — and removes it afterwards.
/// A failure to remove it is thrown, unless `body` threw first. A run cut short never comes back here: its directory
/// goes with the process's scratch folder.
nonisolated(nonsending)
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let url = try ScratchFolder.make("reentrancy")
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
