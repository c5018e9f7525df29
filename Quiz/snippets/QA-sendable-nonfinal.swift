// Q&A seed: only a final class can be Sendable, even with nothing but lets.

class Box: Sendable {
    let count = 0
}
