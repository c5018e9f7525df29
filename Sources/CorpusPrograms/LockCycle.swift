import Foundation

/// A deadlock among this process's threads, proven from `/proc` (Linux) by a thread that is not part of it: threads
/// asleep in the kernel, each waiting for a mutex the next one holds, the last for one the first holds.
///
/// ```swift
/// LockCycle.find()   // "thread 812 waits for the mutex at 0x…, held by thread 813; thread 813 waits for …"
/// ```
///
/// What makes it a proof, not a guess from time: a thread asleep in a mutex's wait is woken only when the mutex's
/// holder lets go, and a holder asleep in such a wait itself never runs to let go. `find` reads each thread's
/// context-switch counts, then what every thread sleeps in, then the counts again: a thread whose counts did not move
/// never ran in between, so its wait, the mutex's word and its holder were read at one still moment. A cycle of such
/// threads is for good, however loaded the machine; a slow holder, a chain that ends in a thread that runs or sleeps
/// with a timeout, is no cycle. Mutexes are glibc's (`pthread_mutex_t`: `NSLock`, `NSRecursiveLock`, `NSCondition`)
/// and the priority-inheriting ones `Synchronization.Mutex` uses. Elsewhere than Linux, nothing is ever found.
public enum LockCycle {
    /// One thread's wait: for the mutex at `mutex`, which thread `holder` holds.
    struct Wait {
        /// The mutex's address.
        var mutex: UInt
        /// The thread holding it.
        var holder: Int32
    }

    /// A cycle of lock waits among this process's threads that none of them can ever leave, in words naming each
    /// thread, the mutex it waits for and that mutex's holder; nil if there is none now.
    public static func find() -> String? {
        #if os(Linux)
        let before = switches()
        let memory = open("/proc/self/mem", O_RDONLY | O_CLOEXEC)
        guard memory >= 0 else { return nil }
        var waits: [Int32: Wait] = [:]
        for thread in before.keys {
            if let wait = mutexWait(thread, memory: memory) { waits[thread] = wait }
        }
        close(memory)
        let after = switches()
        // Only threads that did not run between the two counts: asleep all along.
        let still = waits.filter { before[$0.key] == after[$0.key] }
        for start in still.keys.sorted() {
            var path: [Int32] = []
            var thread = start
            while let wait = still[thread], !path.contains(thread) {
                path.append(thread)
                thread = wait.holder
            }
            // Back at the start: a cycle (of one thread, for a plain mutex its holder locks again).
            guard thread == start else { continue }
            return path.map { thread in
                let wait = still[thread]!
                let mutex = "0x" + String(wait.mutex, radix: 16)
                return "\(name(thread)) waits for the mutex at \(mutex), held by \(name(wait.holder))"
            }.joined(separator: "; ")
        }
        #endif
        return nil
    }

    #if os(Linux)
    /// Every thread of this process, with the number of times it was switched out so far (voluntarily or not).
    private static func switches() -> [Int32: Int] {
        var counts: [Int32: Int] = [:]
        guard let threads = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task") else {
            return counts
        }
        for entry in threads {
            guard let thread = Int32(entry),
                  let status = try? String(contentsOfFile: "/proc/self/task/\(thread)/status", encoding: .utf8)
            else { continue }
            // "voluntary_ctxt_switches:\t12" and "nonvoluntary_ctxt_switches:\t3".
            counts[thread] = status.split(separator: "\n").filter { $0.contains("ctxt_switches:") }
                .compactMap { $0.split(separator: "\t").last.flatMap { Int($0) } }
                .reduce(0, +)
        }
        return counts
    }

    /// The mutex thread `thread` sleeps waiting for, with no timeout, and its holder; nil if it sleeps in anything
    /// else, runs, or cannot be read. `memory` is `/proc/self/mem`, read rather than dereferenced: a mutex freed in
    /// between gives an error, not a crash.
    private static func mutexWait(_ thread: Int32, memory: Int32) -> Wait? {
        guard let stat = try? String(contentsOfFile: "/proc/self/task/\(thread)/stat", encoding: .utf8),
              let paren = stat.lastIndex(of: ")"),
              stat[stat.index(after: paren)...].trimmingCharacters(in: .whitespaces).first == "S",
              let call = try? String(contentsOfFile: "/proc/self/task/\(thread)/syscall", encoding: .utf8)
        else { return nil }
        // "202 0x<uaddr> 0x<op> 0x<val> 0x<timeout> …": futex(uaddr, op, val, timeout, …).
        let fields = call.split(separator: " ").map { UInt($0.hasPrefix("0x") ? $0.dropFirst(2) : $0[...], radix: 16) }
        guard fields.count >= 5, call.hasPrefix("202 "), let address = fields[1], let op = fields[2],
              let expected = fields[3], fields[4] == 0 else { return nil }
        var words = [Int32](repeating: 0, count: 5)
        let read = words.withUnsafeMutableBytes {
            pread(memory, $0.baseAddress, $0.count, off_t(Int(bitPattern: address)))
        }
        guard read >= 4 else { return nil }
        switch op & 0x7F {
        case 0:
            // FUTEX_WAIT on a glibc mutex's word (`__lll_lock_wait`): the word is 2 (locked, with waiters), the holder's
            // thread id is `__owner` (the third word), and `__kind` (the fifth) a plain, recursive, error-checking or
            // adaptive mutex, lock elision aside.
            guard read == 20, expected == 2, words[0] == 2, words[2] > 0, (0...3).contains(words[4] & ~0x300) else {
                return nil
            }
            return Wait(mutex: address, holder: words[2])
        case 6, 13:
            // FUTEX_LOCK_PI, FUTEX_LOCK_PI2: the word is the holder's thread id, with the waiters and owner-died bits.
            let holder = words[0] & 0x3FFF_FFFF
            return holder > 0 ? Wait(mutex: address, holder: holder) : nil
        default:
            return nil
        }
    }

    /// `thread 812 (corpus)`: a thread's id and its name.
    private static func name(_ thread: Int32) -> String {
        let comm = (try? String(contentsOfFile: "/proc/self/task/\(thread)/comm", encoding: .utf8))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return comm.isEmpty ? "thread \(thread)" : "thread \(thread) (\(comm))"
    }
    #endif
}
