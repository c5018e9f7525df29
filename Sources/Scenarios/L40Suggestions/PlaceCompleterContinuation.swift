import ConcurrencyProofsSubjects

/// Shorthand for the lists the scenarios hand the stand-in completer.
enum PlaceCompleterLists {
    /// "Portland, OR" and "Portsmouth, NH" — what the lesson's screenshot shows for "Portl".
    static let portl = [
        Suggestion(title: "Portland, OR", subtitle: "United States"),
        Suggestion(title: "Portsmouth, NH", subtitle: "United States"),
    ]
    /// A list with one place, named `city`.
    static func just(_ city: String) -> [Suggestion] {
        [Suggestion(title: "\(city), XX", subtitle: "Somewhere, Nowhere")]
    }
    /// The list as the completer's results (MapKit's are a class).
    @MainActor static func completions(_ list: [Suggestion]) -> [SearchCompletion] {
        list.map { SearchCompletion(title: $0.title, subtitle: $0.subtitle) }
    }
}

/// Lesson 40 step 2: a list that arrives while nobody waits is kept in `newest`, and the next `next()` returns it at
/// once, without waiting (if it waited, nothing would ever resume it: nothing else is delivered). Returns the cities.
@MainActor public func placeCompleterListArrivedEarly() async -> [String]? {
    let completer = SearchCompleter()
    let places = PlaceCompleter(completer: completer)
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.portl))
    return await places.next()?.map(\.city)
}

/// Lesson 40 step 2: two lists arrive while nobody waits; only the newest is kept. Then a caller waits, and a third
/// list goes straight to it. Returns the first city of each answer: "Bergen", then "Oslo" — never "Seattle".
@MainActor public func placeCompleterKeepsOnlyTheNewest() async -> [String] {
    let completer = SearchCompleter()
    let places = PlaceCompleter(completer: completer)
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Seattle")))
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Bergen")))
    var cities: [String] = []
    cities += await places.next()?.map(\.city) ?? []
    let waiter = Task { @MainActor in await places.next() }
    // let the waiter reach its `await`: the main actor runs its jobs first in, first out
    await Task.yield()
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Oslo")))
    cities += await waiter.value?.map(\.city) ?? []
    return cities
}

/// Lesson 40 step 2: a caller waits in `next()`; two lists arrive. The waiting caller is resumed exactly once, with
/// the first; the second is kept and returned at once by the next call. A second resume of the same continuation
/// would stop the process ("tried to resume its continuation more than once"). Returns both answers' first cities.
@MainActor public func placeCompleterResumesTheWaiterOnce() async -> [String] {
    let completer = SearchCompleter()
    let places = PlaceCompleter(completer: completer)
    let waiter = Task { @MainActor in await places.next() }
    await Task.yield()
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Seattle")))
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Bergen")))
    let first = await waiter.value?.map(\.city) ?? []
    let second = await places.next()?.map(\.city) ?? []
    return first + second
}

/// Lesson 40 step 2, with the answer arriving as a network callback would: on another thread, handed to the main
/// actor. The caller waiting in `next()` gets it. Returns the cities: "Portland", "Portsmouth".
@MainActor public func placeCompleterAnswerFromAnotherThread() async -> [String]? {
    let completer = SearchCompleter()
    let places = PlaceCompleter(completer: completer)
    places.search("Portl")
    completer.deliverFromAnotherThread(PlaceCompleterLists.portl)
    return await places.next()?.map(\.city)
}
