// L38-C06: @concurrent code touches a @MainActor class only through the hop, await MainActor.run.

@MainActor
final class Screen {
    var title = "Trips"
}

@concurrent
func rename(_ screen: Screen) async {
    await MainActor.run {
        screen.title = "Weather"
    }
}
