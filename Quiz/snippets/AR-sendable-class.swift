// Architecture seed: a class does not get Sendable by itself, even one that could earn it (final, one let of a
// Sendable type): passing it where Sendable is required is refused until it says so.

final class Token {
    let value = 0
}

func send(_ value: some Sendable) {}

func sendToken() {
    send(Token())
}
