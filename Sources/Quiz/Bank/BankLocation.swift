import Foundation

/// Where the bank is: `QUIZ_BANK`, else the package's `Quiz/` folder, found from this source file's path (so
/// `swift run quiz` and `swift test` find it from any working directory).
public enum BankLocation {
    /// The bank's folder.
    public static var directory: String {
        if let chosen = ProcessInfo.processInfo.environment["QUIZ_BANK"], !chosen.isEmpty { return chosen }
        // …/Sources/Quiz/Bank/BankLocation.swift → …/Quiz
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("Quiz").path
    }

    /// The bank read against `catalog` (the package's is `Catalog.standard`, in the `QuizCatalog` target).
    public static func load(catalog: Catalog) throws(QuizBankError) -> QuizBank {
        try QuizBankLoader.load(directory: directory, catalog: catalog)
    }
}
