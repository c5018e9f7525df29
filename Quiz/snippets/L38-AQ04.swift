actor Counter {
    var value = 0

    func bumpLater() {
        Task { value += 1 }
        Task.detached { self.value += 1 }
    }
}
