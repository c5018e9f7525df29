import Foundation

/// A run's choices as a string a student can paste: `HARNESS_SCHEDULE='s1-3*12*0_104_1'` replays
/// that exact interleaving in any process, whatever generator or strategy first found it.
///
/// Each choice is the index of the ready job taken, among the candidates at that point (see
/// `ReadyQueue.removeCandidate`). Written `s1-` and then, per choice, one character `0-9a-zA-Z` for
/// 0 to 61, or `_n_` in decimal for more, or `.` for the calm choice (`Scheduler.calmIndex`,
/// whatever its index); `*k*` after a choice repeats it k times in all. Past its last choice a
/// replay stays calm, so a shrunk schedule is short: `s1-.*616*4` preempts once, at choice 617.
/// `:n` at the end says the run had n choice points in all: a calm tail fits many scenarios, and
/// this tells the one that printed it (`s1-.*616*4:1210`) from another case of the same test.
/// `!` after it says the run was cut short there by a failure (a deadlock, a blocked thread, a time
/// limit, leftover work, an error): `s1-3a0:3!` replays the choices up to the cut, and a replay that
/// is cut after as many choice points is the same run. `/debug` or `/release` at the very end names the build
/// that printed it: the optimizer merges hops a debug build runs as jobs, so the same choices are another
/// schedule in the other build, and `HARNESS_SCHEDULE` refuses a string from the other build, saying so.
public struct Interleaving: Sendable, Hashable, CustomStringConvertible {
    /// A build configuration, as a replay string names it.
    package enum Build: String, Sendable, Hashable {
        /// `swift build`, `swift test`: unoptimized.
        case debug
        /// `-c release`: optimized, where hops to one actor in a loop merge.
        case release

        #if DEBUG
        /// The build this harness was compiled in: debug.
        package static let current = Build.debug
        #else
        /// The build this harness was compiled in: release.
        package static let current = Build.release
        #endif
    }


    /// The choices, one per point where more than one job was ready.
    package var choices: [UInt32]
    /// How many choice points the run that printed it had in all, if known.
    package var points: Int?
    /// Whether the run that printed it was cut short by a failure after its `points` choice points.
    package var cut: Bool
    /// The build whose run made these choices; nil for a string that does not say (written before builds were named).
    package var build: Build?

    /// The interleaving that makes `choices`, in a run of `points` choice points if known, which a failure
    /// cut short there if `cut`, in this build.
    package init(_ choices: [UInt32], points: Int? = nil, cut: Bool = false) {
        self.choices = choices
        self.points = points
        self.cut = cut && points != nil
        build = .current
    }

    /// Whether a run that followed these choices took each of them: none named a candidate that
    /// was not there, and the run had a choice point for each (and as many in all as `points`).
    func fits(_ trace: [ChoicePoint]) -> Bool {
        misfit(trace) == nil
    }

    /// Why a run that followed these choices is not the run that printed them, or nil if it is. `cutShort`: the
    /// replay itself was cut short by a failure (then only the choices it reached are compared, and a string
    /// printed by a cut run fits if the replay was cut after as many choice points).
    func misfit(_ trace: [ChoicePoint], cutShort: Bool = false) -> String? {
        if trace.count < choices.count, !cutShort {
            return "its run had \(trace.count) choice points, fewer than the string's \(choices.count) choices"
        }
        let taken = zip(choices, trace).enumerated().first { _, pair in
            pair.0 == ReplayPicker.calm ? pair.1.preempts : pair.0 != pair.1.index
        }
        if let (position, _) = taken { return "its choice \(position + 1) named a job that was not there" }
        if cutShort { return !cut || points == trace.count ? nil : "its run was cut short after \(trace.count) choice points, not \(points!)" }
        if let points, points != trace.count { return "its run had \(trace.count) choice points, not \(points)" }
        return nil
    }

    /// For a string printed by a run that a failure cut short: whether a replay that finished made its choices
    /// and went past the cut (the failure did not recur: it came from the machine, not from the schedule).
    func passedTheCut(_ trace: [ChoicePoint]) -> Bool {
        guard cut, let points, trace.count >= points else { return false }
        return Interleaving(choices).misfit(Array(trace.prefix(points)), cutShort: true) == nil
    }

    /// The characters of the one-character choices, 0 to 61.
    private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")

    /// `s1-…`: the replay string.
    public var description: String {
        var text = "s1-"
        var index = 0
        while index < choices.count {
            let choice = choices[index]
            var run = 1
            while index + run < choices.count, choices[index + run] == choice { run += 1 }
            let token = choice == ReplayPicker.calm ? "." : choice < 62 ? String(Self.digits[Int(choice)]) : "_\(choice)_"
            if run >= 3 || (run == 2 && choice >= 62) {
                text += token + "*\(run)*"
            } else {
                text += String(repeating: token, count: run)
            }
            index += run
        }
        if let points { text += ":\(points)" + (cut ? "!" : "") }
        return build.map { text + "/\($0.rawValue)" } ?? text
    }

    /// Reads a replay string; nil if it is malformed.
    package init?(parsing text: String) {
        var body = Substring(text.trimmingCharacters(in: .whitespaces))
        var build: Build? = nil
        if let slash = body.lastIndex(of: "/") {
            guard let named = Build(rawValue: String(body[body.index(after: slash)...])) else { return nil }
            build = named
            body = body[..<slash]
        }
        var points: Int? = nil
        let cut = body.hasSuffix("!") && body.contains(":")
        if cut { body = body.dropLast() }
        if let colon = body.lastIndex(of: ":") {
            guard let total = Int(body[body.index(after: colon)...]), total >= 0 else { return nil }
            points = total
            body = body[..<colon]
        }
        let characters = Array(body)
        guard characters.count >= 3, String(characters[0..<3]) == "s1-" else { return nil }
        var choices: [UInt32] = []
        var index = 3
        /// The decimal number up to `end`, moving past it.
        func number(until end: Character) -> UInt32? {
            guard let close = characters[index...].firstIndex(of: end), close > index,
                  let value = UInt32(String(characters[index..<close])) else { return nil }
            index = close + 1
            return value
        }
        while index < characters.count {
            let character = characters[index]
            index += 1
            if let digit = Self.digits.firstIndex(of: character) {
                choices.append(UInt32(digit))
            } else if character == "." {
                choices.append(ReplayPicker.calm)
            } else if character == "_" {
                guard let value = number(until: "_"), value < UInt32.max else { return nil }
                choices.append(value)
            } else if character == "*" {
                guard let last = choices.last, let count = number(until: "*"), count >= 1, count <= 10_000_000
                else { return nil }
                choices += Array(repeating: last, count: Int(count) - 1)
            } else {
                return nil
            }
        }
        guard points.map({ $0 >= choices.count }) ?? true else { return nil }
        self.choices = choices
        self.points = points
        self.cut = cut
        self.build = build
    }
}
