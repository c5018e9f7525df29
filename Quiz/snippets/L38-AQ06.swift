@MainActor
final class Screen {
    var title = "Trips"
}

nonisolated func rename(_ screen: Screen) {
    screen.title = "Weather"
}
