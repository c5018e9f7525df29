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

/// L37 card 10's "the group does not return until every child has finished": Ada, Bea and Cia nap 30, 10 and 20 ms;
/// the body takes the first one back and returns at once. Whether all three had finished when the call returned —
/// the group waits for the two the body left. `.unstructuredTasks`, the control: the three made as `Task { }`s in the
/// body, which nothing waits for.
nonisolated(nonsending) public func groupReturnsAfterEveryChild(_ shape: GroupWaitShape = .groupChildren) async -> Bool {
    let bees = [("Ada", 30), ("Bea", 10), ("Cia", 20)]
    let finished = Shared(0)
    @Sendable nonisolated(nonsending) func nap(_ ms: Int) async {
        try? await Task.sleep(for: .milliseconds(ms))
        finished.update { $0 += 1 }
    }
    await withTaskGroup(of: Void.self) { group in
        switch shape {
        case .groupChildren:
            for (_, ms) in bees { group.addTask { await nap(ms) } }
            await group.next()
        case .unstructuredTasks:
            let tasks = bees.map { _, ms in Task { await nap(ms) } }
            await tasks[1].value    // Bea's, the first back; Ada and Cia go on after the group returns
        }
    }
    return finished.value == bees.count
}

/// Whose the three naps are.
public enum GroupWaitShape: String, CaseIterable, Sendable, Decodable {
    /// The group's children (the lesson).
    case groupChildren
    /// `Task { }`s made in the body, the control: nobody's children.
    case unstructuredTasks
}
