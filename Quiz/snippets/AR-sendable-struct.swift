// Architecture seed: a struct of value types is Sendable without saying so — passed where Sendable is required, it
// compiles with no conformance written.

struct Point {
    var x: Int
    var y: Int
}

func send(_ value: some Sendable) {}

func sendAPoint() {
    send(Point(x: 1, y: 2))
}
