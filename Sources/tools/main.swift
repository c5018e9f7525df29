import Foundation

// `tools`: the repository's tools behind scripts/break, scripts/check-breakages and scripts/check-docs, in Swift,
// reading Swift Testing's event stream and `swift test list` rather than printed lines. Run from the package's
// folder, named like the script: `tools break NAME`, `tools check-breakages`, `tools check-docs`.

let arguments = Array(CommandLine.arguments.dropFirst())
let catalog = BreakageCatalog(root: FileManager.default.currentDirectoryPath)

/// Says `failure` and ends with its status.
func fail(_ failure: Failure) -> Never {
    FileHandle.standardError.write(Data((failure.message + "\n").utf8))
    exit(failure.status)
}

/// Misuse of a command: one line naming it, and status 2.
func misuse(_ tool: String, _ message: String) -> Never {
    fail(Failure("\(tool): \(message) (see scripts/\(tool) --help)", status: 2))
}

do {
    switch arguments.first {
    case "break":
        let rest = Array(arguments.dropFirst())
        let tool = Break(catalog: catalog)
        switch rest.first {
        case nil: print(Break.usage); exit(2)
        case "-h", "--help", "--list", "--undo", "--replay":
            guard rest.count == 1 else { misuse("break", "\(rest[0]) takes no other arguments (got: \(rest.joined(separator: " ")))") }
            switch rest[0] {
            case "--list": tool.list(); exit(0)
            case "--undo": try lockCheckout("break"); exit(tool.undo())
            case "--replay": try lockCheckout("break"); exit(try tool.replay())
            default: print(Break.usage); exit(0)
            }
        case let option? where option.hasPrefix("-"): misuse("break", "unknown option '\(option)'")
        case let name?:
            guard rest.count == 1 else { misuse("break", "one breakage at a time (got: \(rest.joined(separator: " ")))") }
            try lockCheckout("break")
            exit(try tool.apply(name))
        }
    case "check-breakages":
        var names: [String] = [], kind: Breakage.Kind?, here = false, lanes = 1
        var rest = Array(arguments.dropFirst())[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "-h", "--help":
                guard arguments.count == 2 else { misuse("check-breakages", "--help takes no other arguments") }
                print(Check.usage); exit(0)
            case "--kind":
                guard let word = rest.popFirst(), let chosen = Breakage.Kind(rawValue: word) else {
                    misuse("check-breakages", "--kind takes one of \(Breakage.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                kind = chosen
            case "--here": here = true
            case "--lanes":
                let word = rest.popFirst()
                guard let word, let number = Int(word), (1...8).contains(number) else {
                    misuse("check-breakages", "--lanes takes a whole number from 1 to 8 (got: \(word.map { "'\($0)'" } ?? "nothing"))")
                }
                lanes = number
            case let option where option.hasPrefix("-"): misuse("check-breakages", "unknown option '\(option)'")
            default: names.append(argument)
            }
        }
        let text = ProcessInfo.processInfo.environment["BREAKAGE_TIMEOUT"] ?? "300"
        guard let seconds = Int(text), seconds > 0 else {
            misuse("check-breakages", "BREAKAGE_TIMEOUT=\"\(text)\" is not a whole number of seconds above 0")
        }
        let chosen = try names.map { name throws(Failure) in
            try catalog.named(name).mapError { Failure("check-breakages: " + $0.message, status: 2) }.get()
        }
        // In the catalog's order, each once: every kind under one heading, the students' first.
        let named = Set(chosen.map(\.path))
        let ordered = catalog.all.filter { named.isEmpty ? kind == nil || $0.kind == kind : named.contains($0.path) }
        guard !ordered.isEmpty else { fail(Failure("check-breakages: Breakages/ holds no patches", status: 2)) }
        if here {
            // Patches go into this checkout, so it must hold nothing of its own that an undo would take away.
            let dirty = git(["status", "--porcelain"]).output.split(separator: "\n")
            guard dirty.isEmpty else {
                fail(Failure("check-breakages: --here needs a clean checkout (a throwaway clone); this one has changes: "
                             + dirty.prefix(3).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: ", ")
                             + (dirty.count > 3 ? " and \(dirty.count - 3) more" : ""), status: 2))
            }
            try lockCheckout("check-breakages")
        }
        var check = Check(catalog: catalog, root: FileManager.default.currentDirectoryPath)
        check.here = here
        check.lanes = lanes
        exit(check.run(ordered, limit: .seconds(seconds)))
    case "check-docs":
        var files: [String] = []
        for argument in arguments.dropFirst() {
            switch argument {
            case "-h", "--help": print(DocsCheck.usage); exit(0)
            case let option where option.hasPrefix("-"): misuse("check-docs", "unknown option '\(option)'")
            case let file:
                var folder: ObjCBool = false
                guard FileManager.default.fileExists(atPath: file, isDirectory: &folder), !folder.boolValue else { fail(Failure("check-docs: no file '\(file)'", status: 2)) }
                files.append(file)
            }
        }
        var check = DocsCheck(files: files.isEmpty ? DocsCheck.defaultFiles : files)
        exit(check.run())
    default:
        fail(Failure("tools: say break, check-breakages or check-docs (scripts/break, scripts/check-breakages and scripts/check-docs run it)", status: 2))
    }
} catch {
    fail(error)
}
