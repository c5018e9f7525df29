// Q&A seed: a class is Sendable only when it says so, even final with nothing but lets.

final class Box {
    let count = 0
}

func send(_ value: some Sendable) {}

func sendABox() {
    send(Box())
}
