import Dispatch

/// Whether a group that was entered once finished, waited for up to 300 ms.
public struct GroupWait: Sendable, Hashable {
    public var finished: Bool
}

/// The Q&A seed: a missing `leave()` means the group never finishes. The group is entered once and never left;
/// nothing else could ever leave it, so a bounded wait times out however long it is given (the bound only keeps the run
/// from hanging). `.balanced`, the control: the same enter with its leave, so the wait returns at once.
nonisolated(nonsending) public func groupWithoutLeave(_ shape: LeaveShape = .missing) async -> GroupWait {
    let balanced = shape == .balanced
    return await onAThreadOfItsOwn {
        let group = DispatchGroup()
        group.enter()
        if balanced { group.leave() }
        return GroupWait(finished: group.wait(timeout: .now() + .milliseconds(300)) == .success)
    }
}

/// Whether the group's enter is matched by a leave.
public enum LeaveShape: String, CaseIterable, Sendable, Decodable {
    /// No leave() (the seed's mistake).
    case missing
    /// One enter, one leave, the control.
    case balanced
}
