// L40-Q10: the counter is a local of a function. (At the top level of main.swift Swift 6 makes `next` a main-actor
// global, and the compiler reports that instead.)

func count() async {
    var next = 1
    let stream = AsyncStream<Int> {
        defer { next += 1 }
        return next <= 3 ? next : nil
    }
    for await n in stream { print("got", n) }
}
