import ConcurrencyProofsSubjects

/// The stream version of the completer, as observed.
public struct PlaceCompleterStreamRun: Hashable, Sendable {
    /// The cities of each list the editor's loop got.
    public let lists: [[String]]
    /// How many times the search was cancelled while the editor was still listening.
    public let cancelsWhileListening: Int
    /// How many times after the editor went away.
    public let cancelsAfterwards: Int

    /// An outcome with these values (the scenario makes them; a test writes the one it expects).
    public init(lists: [[String]], cancelsWhileListening: Int, cancelsAfterwards: Int) {
        self.lists = lists
        self.cancelsWhileListening = cancelsWhileListening
        self.cancelsAfterwards = cancelsAfterwards
    }
}

/// Lesson 40 steps 5 and 6: three lists arrive before the editor's loop reads (typing faster than it draws); with
/// `.bufferingNewest(1)` the loop gets only the newest. Then the editor closes — its task is cancelled — and
/// `onTermination` cancels the search, once. Returns the lists and the cancel counts: [["Portland", "Portsmouth"]],
/// 0, 1.
@MainActor public func placeCompleterStreamNewestThenClose() async -> PlaceCompleterStreamRun {
    let completer = SearchCompleter()
    let places = PlaceCompleterStream(completer: completer)
    let suggestions = places.suggestions()
    places.search("Portl")
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Seattle")))
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Bergen")))
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.portl))
    let editor = Task { @MainActor in
        var lists: [[String]] = []
        for await list in suggestions {
            lists.append(list.map(\.city))
        }
        return lists
    }
    // the editor reads what is there, then waits for more (the main actor runs its jobs first in, first out)
    await Task.yield()
    let cancelsWhileListening = completer.cancelCount
    editor.cancel()
    let lists = await editor.value
    // `onTermination` asked the main actor, with a `Task`, to cancel the search: let that task run
    await Task.yield()
    return PlaceCompleterStreamRun(
        lists: lists, cancelsWhileListening: cancelsWhileListening, cancelsAfterwards: completer.cancelCount)
}

/// Lesson 40 step 4: `for await` over the completer itself, on the main actor — possible because its conformances
/// to `AsyncSequence` and `AsyncIteratorProtocol` are isolated to the main actor. Two lists arrive before the loop
/// starts (only the newest, "Portl"'s, is kept), a third while it waits; the loop takes two and breaks. Returns the
/// cities of each: [["Portland", "Portsmouth"], ["Portsmouth"]].
@MainActor public func placeCompleterSequenceLoop() async -> [[String]] {
    let completer = SearchCompleter()
    let places = PlaceCompleterSequence(completer: completer)
    places.search("Port")
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Seattle")))
    places.search("Portl")
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.portl))
    let editor = Task { @MainActor in
        var lists: [[String]] = []
        for await list in places {
            lists.append(list.map(\.city))
            if lists.count == 2 { break }
        }
        return lists
    }
    await Task.yield()
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.just("Portsmouth")))
    return await editor.value
}

/// Lesson 40 step 6, as observed the moment the editor is gone.
public struct EditorClosed: Hashable, Sendable {
    /// What `onTermination` had said: the lesson's console, "Suggestions ended: cancelled".
    public let endings: [String]
    /// Whether the editor's loop over the stream had ended.
    public let loopEnded: Bool
}

/// Lesson 40 step 6: the editor loops over the completer's stream, a list arrives, then the editor closes. Returns
/// what `onTermination` had said by then — the lesson's console, "Suggestions ended: cancelled" — and whether the loop
/// had ended. `.closedWithoutCancelling`, the quiz's control: the editor goes away without cancelling its loop's task
/// (it is cancelled only afterwards, to end the run).
@MainActor public func placeCompleterEditorCloses(_ shape: EditorCloseShape = .cancelsItsTask) async -> EditorClosed {
    let completer = SearchCompleter()
    let places = PlaceCompleterStream(completer: completer)
    let suggestions = places.suggestions()
    let loopEnded = Shared(false)
    let editor = Task { @MainActor in
        for await _ in suggestions {}
        loopEnded.update { $0 = true }
    }
    places.search("Portl")
    completer.deliver(PlaceCompleterLists.completions(PlaceCompleterLists.portl))
    await Task.yield()
    if shape == .cancelsItsTask { editor.cancel() }
    // `onTermination` asks the main actor, with a `Task`, to write the line: let the loop end and that task run. How
    // many turns of the main actor that takes is the build's (debug and release differ), so turn until both are
    // seen, or a hundred times — which a loop nobody cancelled never ends in.
    for _ in 0..<100 where !(loopEnded.value && !places.endings.isEmpty) {
        await Task.yield()
    }
    let closed = EditorClosed(endings: places.endings, loopEnded: loopEnded.value)
    editor.cancel()
    await editor.value
    return closed
}

/// What closing the editor does to the task of its loop.
public enum EditorCloseShape: String, CaseIterable, Sendable, Decodable {
    /// Cancels it, as SwiftUI cancels a view's `.task` (the lesson).
    case cancelsItsTask
    /// Nothing, the control: the loop's task goes on.
    case closedWithoutCancelling
}
