/// The countdown as an `AsyncStream` (lesson 40, step 5): every number yielded at once into the stream's buffer,
/// then `finish()`, which is the `nil` that ends a `for await` loop once the buffer is read.
/// A negative start is a mistake, not an empty countdown.
public func countdownStream(from start: Int) -> AsyncStream<Int> {
    precondition(start >= 0, "countdownStream(from:) counts down from 0 or more, got \(start)")
    let (countdown, continuation) = AsyncStream.makeStream(of: Int.self)
    for number in stride(from: start, to: 0, by: -1) {
        continuation.yield(number)
    }
    continuation.finish()
    return countdown
}
