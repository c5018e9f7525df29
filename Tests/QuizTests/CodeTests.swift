import Foundation
import HarnessTesting
import Quiz
import QuizCatalog
import Testing

/// What the full form shows of the code a check ran: each registration where the compiler says it is, and from it the
/// function it runs and the lines that make each shape; a snippet's lines; a crash's function. Found again from the
/// sources on every run, so these tests hold it right as scenarios change.
@Suite("Quiz bank: the code each check ran is found", scaledTimeLimit(minutes: 1))
struct CodeTests {
    /// The package's root, as the catalog's own registrations give it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("Every scenario and crash scenario of the catalog is registered where the compiler says, on a line naming it")
    func registrationsSayWhereTheyAre() throws {
        let catalog = Catalog.standard
        let places = catalog.scenarios.values.map { ($0.name, $0.registeredAt) } + catalog.crashes.values.map { ($0.name, $0.registeredAt) }
        #expect(places.count > 100)
        for (name, place) in places {
            let text = try String(contentsOfFile: place.file, encoding: .utf8).components(separatedBy: "\n")
            #expect(place.file.hasPrefix(Self.root + "/Sources/QuizCatalog/"), "\(name) is registered in \(place.file)")
            #expect(text.indices.contains(place.line - 1) && text[place.line - 1].contains("\"\(name)\""),
                    "\(name): line \(place.line) of \(place.file) does not name it")
        }
    }

    @Test("A shape's type is known by its name in the source: the enum the bank's shape names are cases of")
    func shapeTypesAreNamed() {
        let pours = Catalog.standard.scenarios["jar.pourSlowly"]
        #expect(pours?.shapeTypes == ["shape": "PourShape"])
        #expect(Catalog.standard.scenarios.values.allSatisfy { Set($0.shapeTypes.keys) == Set($0.choices.keys) })
    }
}
