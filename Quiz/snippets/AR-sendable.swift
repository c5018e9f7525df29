// Architecture seed: a struct of value types is Sendable without saying so; a class has to earn it.

struct Point {
    var x: Int
    var y: Int
}

func send(_ value: some Sendable) {}

func sendBoth() {
    send(Point(x: 1, y: 2))
}

final class Counter: Sendable {
    var count = 0
}
