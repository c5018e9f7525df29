// Q&A seed: Mutex.withLock takes a synchronous closure, so a lock cannot be held across an await.
import Synchronization

final class Store: Sendable {
    let count = Mutex(0)

    func refresh() async {
        count.withLock { value in
            try? await Task.sleep(for: .milliseconds(10))
            value += 1
        }
    }
}
