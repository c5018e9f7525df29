// L40-C21: marked ~Copyable, the same deinit compiles.

struct Handle: ~Copyable {
    let fd: Int

    deinit {
        print("closing \(fd)")
    }
}
