/// A task group's children, as added and as they came back.
public struct GroupOrder: Sendable, Hashable {
    public var added: [String], back: [String], allFinishedBeforeReturn: Bool
}

/// L37 card 10: children added Ada, Bea, Cia come back in the order they finish, and the group returns only when all
/// have. Ada naps 30 ms, Bea 10 ms, Cia 20 ms. `.tasksInOrderMade`, the control: the children are tasks awaited in the
/// order they were made.
nonisolated(nonsending) public func groupFinishOrder(_ shape: CollectShape = .taskGroup) async -> GroupOrder {
    let tasksInOrderMade = shape == .tasksInOrderMade
    let bees = [("Ada", 30), ("Bea", 10), ("Cia", 20)]
    let finished = Shared(0)
    var added: [String] = []
    var back: [String] = []
    if tasksInOrderMade {
        let tasks = bees.map { bee, ms in
            Task {
                try? await Task.sleep(for: .milliseconds(ms))
                finished.update { $0 += 1 }
                return bee
            }
        }
        added = bees.map(\.0)
        for task in tasks { back.append(await task.value) }
        return GroupOrder(added: added, back: back, allFinishedBeforeReturn: finished.value == bees.count)
    }
    await withTaskGroup(of: String.self) { group in
        for (bee, ms) in bees {
            group.addTask {
                try? await Task.sleep(for: .milliseconds(ms))
                finished.update { $0 += 1 }
                return bee
            }
            added.append(bee)
        }
        for await bee in group {
            back.append(bee)
        }
    }
    return GroupOrder(added: added, back: back, allFinishedBeforeReturn: finished.value == bees.count)
}

/// How work started together is collected.
public enum CollectShape: String, CaseIterable, Sendable, Decodable {
    /// As the children of a task group, in the order they finish (the lesson).
    case taskGroup
    /// As tasks awaited in the order they were made, the control.
    case tasksInOrderMade
}
