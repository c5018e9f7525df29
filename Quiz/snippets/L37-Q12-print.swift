// L37-Q12's one more run: the same Eve and the same taskMemory(of:contains:), but Eve prints the mark she is done with
// before her wait instead of storing it. Built -O by the quiz: String(_:radix:) takes its argument by address, and the
// temporary it needs is in her frame, where the optimizer leaves it.
import Foundation
/// glibc's size of a block from malloc (in <malloc.h>, which Swift's Glibc module does not bring in).
@_silgen_name("malloc_usable_size")
func mallocUsableSize(_ block: UnsafeMutableRawPointer) -> Int

/// Marks no optimizer can know in advance: read at run time.
let keptMark = UInt64(CommandLine.arguments.count) &* 0 &+ 0xfeed_face_cafe_0001
let spentMark = UInt64(CommandLine.arguments.count) &* 0 &+ 0xdead_beef_0bad_f00d

/// The readable ranges of this process's memory, from /proc/self/maps.
func readableRanges() -> [(UInt, UInt)] {
    guard let text = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) else { return [] }
    return text.split(separator: "\n").compactMap { line in
        let fields = line.split(separator: " ")
        guard fields.count > 1, fields[1].hasPrefix("r") else { return nil }
        let bounds = fields[0].split(separator: "-").compactMap { UInt($0, radix: 16) }
        return bounds.count == 2 ? (bounds[0], bounds[1]) : nil
    }
}

/// Whether `mark` is in the task's own block (from malloc), or in a block one pointer away from it — the task
/// allocator's slab, where its frames live.
func taskMemory(of task: Task<Void, Never>, contains mark: UInt64) -> Bool {
    let start = unsafeBitCast(task, to: UnsafeMutableRawPointer.self)
    let ranges = readableRanges()
    func readable(_ address: UInt, _ length: Int) -> Bool {
        ranges.contains { $0.0 <= address && address < $0.1 && UInt(length) <= $0.1 - address }
    }
    func holds(_ block: UnsafeMutableRawPointer, _ size: Int) -> Bool {
        stride(from: 0, to: size - 7, by: 8).contains { block.load(fromByteOffset: $0, as: UInt64.self) == mark }
    }
    let size = mallocUsableSize(start)
    if holds(start, size) { return true }
    for offset in stride(from: 0, to: size - 7, by: 8) {
        let word = UInt(start.load(fromByteOffset: offset, as: UInt64.self))
        guard word > 4096, word % 8 == 0, readable(word, 32), let inner = UnsafeMutableRawPointer(bitPattern: word) else { continue }
        // The task allocator's slab (the runtime's StackAllocator): metadata, next, then capacity and the offset in
        // use as two 32-bit numbers; the frames follow.
        let capacity = Int(inner.load(fromByteOffset: 16, as: UInt32.self))
        let used = Int(inner.load(fromByteOffset: 20, as: UInt32.self))
        guard (64...(1 << 20)).contains(capacity), used <= capacity, readable(word, 32 + capacity),
              holds(inner, 32 + capacity) else { continue }
        return true
    }
    return false
}

enum Eve {
    @MainActor static var lastSeen: UInt64 = 0
}

let eve = Task {
    let kept = keptMark
    let spent = spentMark
    print(String(spent, radix: 16))                     // done with it before her wait: printed, not stored
    try? await Task.sleep(for: .milliseconds(400))
    Eve.lastSeen = kept                                 // needed after it
}
try? await Task.sleep(for: .milliseconds(100))
print("kept in her task: \(taskMemory(of: eve, contains: keptMark)) · spent in her task: \(taskMemory(of: eve, contains: spentMark))")
await eve.value
