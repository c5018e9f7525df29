// it only waits: on its caller's actor
nonisolated(nonsending) func child() async -> String {
    do {
        try await Task.sleep(for: .seconds(1))
        print("child finished")
        return "done"
    } catch {
        print("child stopped by", error)
        return "stopped"
    }
}

func leaveTheScope() async {
    do {
        async let result = child()
        print("leaving the scope without awaiting")
    }
    print("after the scope")
}
