let answer = await withContinuation(of: String.self) { continuation in
    continuation.resume(returning: "first")
    continuation.resume(returning: "second")
}
print("got", answer)
