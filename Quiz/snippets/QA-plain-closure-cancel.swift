// Q&A seed: a plain async { } closure cannot be cancelled at all: queue.async hands back nothing to cancel.
import Dispatch

let queue = DispatchQueue(label: "items")
let item = queue.async { print("ran") }
item.cancel()
