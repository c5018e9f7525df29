import Foundation

/// How many threads the real shared pool (`Schedule.system`) runs Swift tasks on here: one under
/// `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1` (Apple's strict pool; on Linux the harness makes `.system` its one-thread
/// strict pool), otherwise one per core — Linux's pool is a dispatch queue as wide as the cores, and never grows.
public func sharedPoolWidth() -> Int {
    ProcessInfo.processInfo.environment["LIBDISPATCH_COOPERATIVE_POOL_STRICT"] == "1"
        ? 1
        : ProcessInfo.processInfo.activeProcessorCount
}
