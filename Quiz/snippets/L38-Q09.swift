nonisolated(nonsending) func weather(_ city: String) async -> String {
    city
}

async let seattle = weather("Seattle")
let later = { await seattle }
print(await later())
