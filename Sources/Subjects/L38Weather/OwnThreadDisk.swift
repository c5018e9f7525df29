/// A disk that saves on a serial executor of its own (lesson 38, actors question 13; a `ThreadExecutor`, because Linux
/// has no `DispatchSerialQueue`). Its write blocks its own thread, and the shared pool stays free.
public actor OwnThreadDisk {
    /// The thread this actor's code runs on.
    private let executor = ThreadExecutor(name: "trips.disk")
    /// The slow, synchronous write.
    private let write: @Sendable () -> Void

    /// `write` is the slow, synchronous write (the lesson's `usleep(100_000)`).
    public init(write: @escaping @Sendable () -> Void) {
        self.write = write
    }

    /// What runs this actor's code: its own thread.
    public nonisolated var unownedExecutor: UnownedSerialExecutor {
        executor.asUnownedSerialExecutor()
    }

    /// Saves: runs the write on the disk's own thread.
    public func save() {
        write()
    }
}
