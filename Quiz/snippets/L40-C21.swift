struct Handle {
    let fd: Int

    deinit {
        print("closing \(fd)")
    }
}
