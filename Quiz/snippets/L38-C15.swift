// L38-C15: a Task { } started in a method uses the object's property without writing self.

import Dispatch

final class Loader: Sendable {
    let name = "the loader"

    func start() {
        Task {
            print(name)
        }
    }
}
