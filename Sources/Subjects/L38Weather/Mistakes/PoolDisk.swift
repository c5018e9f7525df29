/// A disk that saves on the shared pool, as every actor does unless it says otherwise (lesson 38, actors question
/// 13). Its write is synchronous: while it blocks, it holds one of the pool's few threads.
public actor PoolDisk {
    /// The slow, synchronous write.
    private let write: @Sendable () -> Void

    /// `write` is the slow, synchronous write (the lesson's `usleep(100_000)`).
    public init(write: @escaping @Sendable () -> Void) {
        self.write = write
    }

    /// Saves: runs the write on the shared pool.
    public func save() {
        write()
    }
}
