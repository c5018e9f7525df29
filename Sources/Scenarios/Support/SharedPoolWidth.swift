import Foundation
import ConcurrencyHarness

/// How many threads the real shared pool (`Schedule.system`) runs Swift tasks on here: one under
/// `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1` (Apple's strict pool; on Linux the harness runs `.system` on its one-thread
/// strict pool then), otherwise one per core — the pool is as wide as the cores, and never grows when a thread blocks.
public func sharedPoolWidth() -> Int {
    if Plan.processDefaults.strictPool {
        return 1
    }
    return ProcessInfo.processInfo.activeProcessorCount
}
