// L38-C19: @concurrent on a synchronous function.

@concurrent func work() -> Int {
    42
}
