#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The number the system gives the calling thread, unique among the process's threads alive now.
///
/// Not `pthread_self()`: glibc declares it `__attribute__((const))`, so under `-O` the optimizer may merge a call
/// before an `await` with one after it, and code that resumed on another thread reads the thread it left from (the
/// release quiz saw no bee come back on another thread). `gettid()` and `pthread_threadid_np` are ordinary calls,
/// made afresh every time.
public func threadNumber() -> UInt64 {
    #if canImport(Glibc)
    UInt64(kernelThreadID())
    #elseif canImport(Darwin)
    var id: UInt64 = 0
    pthread_threadid_np(nil, &id)
    return id
    #endif
}

#if canImport(Glibc)
/// glibc's `gettid()`, found by name: Swift's Glibc module leaves it out (it is declared only under `_GNU_SOURCE`),
/// and a call through the pointer is one the optimizer knows nothing about, so it never merges two of them.
private let kernelThreadID: @convention(c) () -> Int32 = {
    guard let symbol = dlsym(nil, "gettid") else { fatalError("glibc has no gettid (it has had it since 2.30)") }
    return unsafeBitCast(symbol, to: (@convention(c) () -> Int32).self)
}()
#endif
