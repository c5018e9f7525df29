// L40-C10: what ~Copyable and consuming forbid, as the move checker reports it.

/// A handle that cannot be copied: one owner.
struct Handle: ~Copyable {
    let fd: Int

    /// Uses the handle up: after it, the caller has none.
    consuming func close() {
        print("close(): closing \(fd)")
    }
}

/// Two names for one handle: the second takes it, and the first has nothing left.
func twoOwners() {
    let first = Handle(fd: 3)
    let second = first
    print(first.fd, second.fd)
}

/// A handle read after the method that took it.
func usedAfterClose() {
    let a = Handle(fd: 4)
    a.close()
    print(a.fd)
}
