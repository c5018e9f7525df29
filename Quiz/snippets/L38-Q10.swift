import Foundation

func wait() async {
    Thread.sleep(forTimeInterval: 0.1)
}
await wait()
