// L38-AQ07: a function with no annotation at all, in a project whose default isolation is the main actor, may set
// main-actor state with no await.

@MainActor var screenTitle = "Trips"

func rename() {
    screenTitle = "Weather"
}
