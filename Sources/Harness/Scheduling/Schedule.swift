/// Where and in what order a scenario's jobs run.
///
/// The three answers to "does it happen for real?":
/// - `strict`: one thread of the harness's own, first in first out, one job at a time, real time (less the time
///   the thread waited for a CPU, so that a loaded machine cannot reorder its timers).
///   This is Apple's `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1` pool, made real on Linux, where the
///   variable is not read and the shared pool has one thread per core.
/// - `seeded(seed)`: the same one thread, but the next ready job is picked by a pseudo-random
///   generator started from `seed`, and time is virtual: `Task.sleep` costs no real time, the
///   clock jumps to the next timer when nothing is ready. Same seed, same interleaving.
/// - `system`: the real global executor and real time. With `LIBDISPATCH_COOPERATIVE_POOL_STRICT=1`
///   in the environment it runs as `strict` on Linux (on Apple platforms the variable already
///   shrinks the real pool to one thread, so it stays `system`). Sent there, it waits for work from
///   outside the harness (the main actor, other threads) as a real pool would, up to its time limit,
///   rather than calling a quiet queue a deadlock.
public enum Schedule: Sendable, Hashable, CustomStringConvertible {
    /// One thread, first in first out, real time.
    case strict
    /// One thread, seeded random picks, virtual time.
    case seeded(UInt64)
    /// The real global executor, real time.
    case system
    /// Like `seeded`, but picked by PCT (`PCTPicker`): random task priorities, `depth − 1` change
    /// points among the first `horizon` choice points.
    case pct(seed: UInt64, depth: Int, horizon: Int)
    /// Like `seeded`, but following recorded choices, then never preempting: a printed schedule
    /// replayed, or one step of an exhaustive exploration.
    case replay(Interleaving)

    /// `strict`, `seeded(0x…)` or `system`: the spelling a failure message uses.
    public var description: String {
        switch self {
        case .strict: "strict"
        case .seeded(let seed): "seeded(\(Seed.format(seed)))"
        case .system: "system"
        case .pct(let seed, let depth, _): "pct(\(Seed.format(seed)), depth \(depth))"
        case .replay(let interleaving): "replay(\(interleaving))"
        }
    }

    /// Whether a run under it is on the harness's thread in virtual time, picked by a search (seeded, PCT or
    /// replayed), rather than a single run (strict, system): what reports count as seeded runs.
    package var isVirtualTime: Bool {
        switch self {
        case .strict, .system: false
        case .seeded, .pct, .replay: true
        }
    }

    /// The seed of a seeded schedule, or nil.
    package var seed: UInt64? {
        switch self {
        case .seeded(let seed), .pct(let seed, _, _): seed
        default: nil
        }
    }
}

/// How seeds are written and read: `0x` and sixteen hex digits, or a plain decimal number.
package enum Seed {
    /// `0x000000000000002a` for 42: fixed width, so seeds line up in a report.
    package static func format(_ seed: UInt64) -> String {
        let hex = String(seed, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// Reads `0x2a`, `0X2A` or `42`; nil for anything else.
    package static func parse(_ text: String) -> UInt64? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.lowercased().hasPrefix("0x") {
            let digits = trimmed.dropFirst(2)
            guard !digits.isEmpty else { return nil }
            return UInt64(digits, radix: 16)
        }
        return UInt64(trimmed)
    }
}

import Foundation
