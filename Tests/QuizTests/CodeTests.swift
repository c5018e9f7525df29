import Foundation
import ConcurrencyHarnessTesting
import ConcurrencyProofsQuiz
import ConcurrencyProofsQuizCatalog
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

extension CodeTests {
    @Test("Every check of the bank shows its code: its scenario's function, the lines that test its control's shape, its snippet's lines, its crash's function")
    func everyCheckShowsItsCode() throws {
        let bank = try QuizTestBank.loaded.get()
        let finder = CodeFinder(tree: SourceTree(), catalog: .standard, snippets: bank.directory + "/snippets")
        var shown = 0
        for entry in bank.entries {
            for (index, check) in entry.checks.enumerated() {
                let tag = "\(entry.id)#\(index + 1)"
                let code = finder.code(for: check)
                #expect(code.missing.isEmpty, "\(tag): \(code.missing.joined(separator: "; "))")
                var inner = check
                if case .toolchain(_, _, let boxed?) = check { inner = boxed.check }
                switch inner {
                case .appleOnly, .toolchain: continue
                case .runtime(let runtime):
                    guard let scenario = Catalog.standard.scenarios[runtime.scenario] else {
                        #expect(Catalog.standard.pending[runtime.scenario] != nil, "\(tag): \(runtime.scenario) is not in the catalog")
                        continue
                    }
                    #expect(code.ran.contains { !$0.numbers.isEmpty }, "\(tag) shows no line of \(runtime.scenario)'s function")
                    if case .arguments(let values, _) = runtime.control, case .string(let shape)? = values["shape"] {
                        // Its case, or — where the code tests only the other (`shape == .cancelling`) — a case of its type.
                        let cases = scenario.choices["shape"] ?? []
                        #expect(code.control.contains { $0.texts.contains { line in cases.contains { line.contains(".\($0)") } } },
                                "\(tag) shows no line of code that makes the control's shape \(shape)")
                    }
                case .crash(let crash) where Catalog.standard.pendingCrashes[crash.scenario] != nil:
                    continue
                case .compile, .run, .crash:
                    #expect(code.ran.contains { !$0.numbers.isEmpty }, "\(tag) shows no line of what it ran")
                    if inner.hasControl { #expect(!code.control.isEmpty, "\(tag) does not show what its control changes") }
                }
                shown += 1
            }
        }
        #expect(shown > 250)
    }

    /// A package of one scenario file, for the reader.
    static func tree(_ text: String) throws -> SourceTree {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("quiz-code-\(UUID().uuidString)")
        let folder = root.appendingPathComponent("Sources/Scenarios")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try text.write(to: folder.appendingPathComponent("X.swift"), atomically: true, encoding: .utf8)
        return SourceTree(root: root.path, folders: ["Sources/Scenarios"])
    }

    @Test("The reader takes no string or comment for code: a bracket or a case's name inside one does not count")
    func readerSkipsStringsAndComments() throws {
        let tree = try Self.tree(#"""
            /// Pours `.slowly` (a comment).
            func pour(_ shape: S = .fast)
                -> String
            {
                let words = "not a call( nor .slowly {"  // nor this: .slowly (
                return shape == .slowly ? "\(name("x)")) \("{")" : """
                    }) .slowly
                    """
            }

            enum S {
                /// One drop at a time.
                case slowly, fast
            }
            """#)
        let file = "Sources/Scenarios/X.swift"
        #expect(tree.statement(at: SourceLine(file: file, line: 2)) == 2...9, "the function ends where its braces close")
        #expect(tree.uses(ofCase: "slowly", in: file) == [6], "only the comparison is code")
        #expect(tree.uses(ofCase: "fast", in: file).isEmpty, "a default argument gives the shape, it does not make it")
        #expect(tree.declaration(ofCase: "fast", of: "S") == SourceLine(file: file, line: 13))
        #expect(tree.doc(above: SourceLine(file: file, line: 13)) == "One drop at a time.")
        #expect(tree.calls(in: file, lines: 2...9).free == ["pour", "name"], "\(tree.calls(in: file, lines: 2...9))")
        #expect(tree.declarations(ofFunction: "pour") == [SourceLine(file: file, line: 2)])
    }
}
