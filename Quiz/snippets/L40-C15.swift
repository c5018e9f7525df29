// L40-C15 (Swift 6.4): the noncopyable Continuation cannot be resumed from an old API's escaping completion handler.

/// An old API: it answers once, through a closure.
func fetchCity(_ done: @escaping @Sendable (String) -> Void) {
    done("Seattle")
}

func city() async -> String {
    await withContinuation(of: String.self) { continuation in
        fetchCity { answer in
            continuation.resume(returning: answer)
        }
    }
}
