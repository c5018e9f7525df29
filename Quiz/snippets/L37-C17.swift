// L37-C17: one `async let` in the compiler's SIL is one startAsyncLetWithLocalBuffer.

/// A one-second errand that reports whether it was cancelled.
func errand() async -> String {
    do {
        try await Task.sleep(for: .seconds(1))
        return "done"
    } catch {
        return "cancelled"
    }
}

/// The line, then a read of it.
func startThenRead() async -> String {
    async let x = errand()
    return await x
}
