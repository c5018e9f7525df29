import Foundation

/// A child's CPU time on Darwin, where there is no `/proc`: `proc_pid_rusage` (libproc) gives its user and system
/// time in Mach time units, which `mach_timebase_info` turns into nanoseconds (1:1 on Intel, 125:3 on Apple silicon).
///
/// Both are found by name (`dlsym`) and read through raw memory at `rusage_info_v0`'s documented offsets, so that this
/// needs neither `libproc.h` in the Darwin module nor its structs: it compiles everywhere, and answers nil wherever
/// either function is missing (Linux reads `/proc` instead; see `ChildProcess.cpuTime(of:)`).
enum ChildCPUTime {
    /// `int proc_pid_rusage(int pid, int flavor, rusage_info_t *buffer)`.
    private typealias Rusage = @convention(c) (Int32, Int32, UnsafeMutableRawPointer?) -> Int32
    /// `kern_return_t mach_timebase_info(mach_timebase_info_t info)`: two `uint32_t`, numerator then denominator.
    private typealias Timebase = @convention(c) (UnsafeMutablePointer<UInt32>?) -> Int32

    /// `RUSAGE_INFO_V0`, the oldest flavor: a 16-byte UUID, then `ri_user_time` and `ri_system_time` (`uint64_t`).
    private static let flavor: Int32 = 0
    private static let userTimeOffset = 16, systemTimeOffset = 24
    /// Bytes of `rusage_info_v0` (12 more `uint64_t` after the UUID), with room to spare.
    private static let bufferSize = 256

    /// The functions, found once (nil where the C library has none of that name).
    private static let functions: (rusage: Rusage, timebase: (numerator: UInt32, denominator: UInt32))? = {
        #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
        let everywhere: UnsafeMutableRawPointer? = nil  // RTLD_DEFAULT
        #endif
        guard let rusage = dlsym(everywhere, "proc_pid_rusage"), let timebase = dlsym(everywhere, "mach_timebase_info")
        else { return nil }
        var ratio: [UInt32] = [0, 0]
        guard unsafeBitCast(timebase, to: Timebase.self)(&ratio) == 0, ratio[0] > 0, ratio[1] > 0 else { return nil }
        return (unsafeBitCast(rusage, to: Rusage.self), (ratio[0], ratio[1]))
    }()

    /// Whether a child's CPU time can be read here.
    static var works: Bool { functions != nil }

    /// The CPU time process `pid` has used so far, in nanoseconds, or nil.
    static func nanoseconds(of pid: pid_t) -> Int64? {
        guard let (rusage, timebase) = functions else { return nil }
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: bufferSize, alignment: 8)
        defer { buffer.deallocate() }
        guard rusage(Int32(pid), flavor, buffer) == 0 else { return nil }
        let ticks = buffer.load(fromByteOffset: userTimeOffset, as: UInt64.self)
            &+ buffer.load(fromByteOffset: systemTimeOffset, as: UInt64.self)
        let nanoseconds = ticks.multipliedFullWidth(by: UInt64(timebase.numerator))
        let (quotient, _) = UInt64(timebase.denominator).dividingFullWidth(
            nanoseconds.high >= UInt64(timebase.denominator) ? (UInt64(timebase.denominator) - 1, .max) : nanoseconds)
        return Int64(clamping: quotient)
    }
}
