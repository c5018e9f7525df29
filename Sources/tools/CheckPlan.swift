import Foundation
import Synchronization

/// How `scripts/check-breakages` spends its builds: in which order the breakages run, and what each one builds.
///
/// A breakage that changes a declaration (not only a function's body) makes every module depending on its file's
/// module compile again, and so does undoing it: tens of seconds each time, where a body's change costs one file and
/// a link. Run one after another, the undo of one and the next one's change are a single rebuild, and the last undo
/// is left to whoever builds next. A breakage's build makes the test bundle alone, unless a test it runs starts one
/// of the package's executables (the quiz tests start the quiz next to the bundle): executables nobody runs are not
/// linked again.
struct CheckPlan {
    /// The breakages in the order they run: those that change only function bodies, in the catalog's order, then
    /// those that change a declaration, in the catalog's order.
    var ordered: [Breakage]
    /// The names of the breakages that change a declaration.
    var declaring: Set<String>
    /// The test bundle's product (`ConcurrencyProofsPackageTests`), or nil when the build folder holds none: then
    /// every breakage builds every product.
    var bundle: String?
    /// The test targets whose sources name one of the package's executables: a test there may start it.
    var starting: Set<String>
    /// Every test target, by folder under `Tests/`.
    var targets: Set<String>

    /// The plan for `breakages` in `folder`, a clean checkout whose build folder holds the unbroken build.
    init(_ breakages: [Breakage], in folder: String, root: String, scratch: String) {
        let bin = folder + "/.build/debug"
        let built = (try? FileManager.default.contentsOfDirectory(atPath: bin)) ?? []
        bundle = built.first { $0.hasSuffix("PackageTests.xctest") }.map { String($0.dropLast(".xctest".count)) }
        let executables = built.filter { name in
            var isFolder: ObjCBool = false
            return !name.contains(".") && FileManager.default.fileExists(atPath: bin + "/" + name, isDirectory: &isFolder)
                && !isFolder.boolValue && FileManager.default.isExecutableFile(atPath: bin + "/" + name)
        }
        targets = Set(((try? FileManager.default.contentsOfDirectory(atPath: folder + "/Tests")) ?? []).filter { !$0.hasPrefix(".") })
        starting = targets.filter { target in
            let files = FileManager.default.enumerator(atPath: folder + "/Tests/" + target)?.compactMap { $0 as? String } ?? []
            return files.filter { $0.hasSuffix(".swift") }.contains { file in
                let text = (try? String(contentsOfFile: "\(folder)/Tests/\(target)/\(file)", encoding: .utf8)) ?? ""
                return executables.contains { text.contains("\"\($0)\"") }
            }
        }
        let frontend = swiftFrontend()
        let hashes = Mutex<[String: String?]>([:])
        @Sendable func hash(_ path: String) -> String? {
            if let known = hashes.withLock({ $0[path] }) { return known }
            let found = frontend.flatMap { interfaceHash(of: path, frontend: $0) }
            hashes.withLock { $0[path] = found }
            return found
        }
        // A compiler run a patch, mostly waiting on one process: as many at once as there are CPUs.
        let changes = Mutex([Bool](repeating: false, count: breakages.count))
        if frontend != nil {
            DispatchQueue.concurrentPerform(iterations: breakages.count) { index in
                let changed = changesADeclaration(breakages[index], in: folder, root: root, scratch: scratch, hash: hash)
                changes.withLock { $0[index] = changed }
            }
        }
        let changed = changes.withLock { $0 }
        let declaring = breakages.indices.filter { changed[$0] }.map { breakages[$0] }
        self.declaring = Set(declaring.map(\.name))
        let names = self.declaring
        ordered = breakages.filter { !names.contains($0.name) } + declaring
    }

    /// The build a breakage needs before `swift test --filter filter`.
    func build(for filter: String) -> [String] {
        guard let bundle, !startsAnExecutable(filter) else { return ["swift", "build", "--build-tests"] }
        return ["swift", "build", "--product", bundle]
    }

    /// The command that runs the tests `filter` selects in `folder`, already built: on Linux the test bundle itself,
    /// which spares `swift test`'s own start (about 0.6 s, 130 times) — Swift Testing alone, as `swift test` runs it
    /// there, its colours off as in a log; elsewhere, or with no bundle found, `swift test`.
    func test(_ filter: String, in folder: String) -> [String] {
        #if os(Linux)
        if let bundle {
            return ["env", "NO_COLOR=1", "\(folder)/.build/debug/\(bundle).xctest", "--testing-library", "swift-testing",
                    "--filter", filter]
        }
        #endif
        return ["swift", "test", "--skip-build", "--filter", filter]
    }

    /// Whether a test the filter may select starts one of the package's executables: unless every alternative of the
    /// filter begins with a test target that names none of them (`ReentrancyTests.JarTests/pourIsExact`), yes.
    func startsAnExecutable(_ filter: String) -> Bool {
        var alternatives: [String] = [], current = "", depth = 0
        for character in filter {
            if character == "(" { depth += 1 } else if character == ")" { depth -= 1 }
            if character == "|" && depth == 0 { alternatives.append(current); current = "" } else { current.append(character) }
        }
        alternatives.append(current)
        return alternatives.contains { alternative in
            let target = String(alternative.prefix { $0 != "." && $0 != "/" })
            return !targets.contains(target) || starting.contains(target)
        }
    }
}

/// Whether applying `breakage` to `folder` changes a declaration: a Swift file whose interface hash (the compiler's
/// hash of what lies outside function bodies) changes, a C header, or a file added or removed. Worked out on copies
/// of the files it touches, in `scratch`: the checkout is never touched, so its build stays as it is. When it cannot
/// be worked out (the patch does not apply, the compiler cannot read a file), no.
private func changesADeclaration(_ breakage: Breakage, in folder: String, root: String, scratch: String,
                                 hash: @Sendable (String) -> String?) -> Bool {
    let patch = root + "/" + breakage.path
    let files = git(["apply", "--numstat", patch], in: folder).output.split(separator: "\n").compactMap {
        $0.split(separator: "\t").dropFirst(2).first.map(String.init)
    }
    let copy = scratch + "/" + breakage.name
    defer { try? FileManager.default.removeItem(atPath: copy) }
    for file in files where FileManager.default.fileExists(atPath: folder + "/" + file) {
        let target = copy + "/" + file
        try? FileManager.default.createDirectory(atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.copyItem(atPath: folder + "/" + file, toPath: target)
    }
    // Outside any repository, `git apply` patches the files of the folder it runs in.
    guard !files.isEmpty, git(["apply", patch], in: copy).status == 0 else { return false }
    return files.contains { file in
        let before = folder + "/" + file, after = copy + "/" + file
        guard FileManager.default.fileExists(atPath: before), FileManager.default.fileExists(atPath: after) else { return true }
        if file.hasSuffix(".h") { return true }
        guard file.hasSuffix(".swift"), let old = hash(before), let new = hash(after) else { return false }
        return old != new
    }
}

/// The toolchain's `swift-frontend`: on `PATH`, or beside the `swift` found there.
private func swiftFrontend() -> String? {
    if let found = find("swift-frontend") { return found }
    guard let swift = find("swift") else { return nil }
    let beside = (URL(fileURLWithPath: swift).resolvingSymlinksInPath().deletingLastPathComponent().path) + "/swift-frontend"
    return FileManager.default.isExecutableFile(atPath: beside) ? beside : nil
}

/// The interface hash the compiler gives `path` (`-dump-interface-hash`, printed on standard error), or nil if it
/// cannot parse it.
private func interfaceHash(of path: String, frontend: String) -> String? {
    let result = capture([frontend, "-frontend", "-parse", "-dump-interface-hash", "-primary-file", path], merged: true)
    let last = result.output.split(separator: "\n").last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    return result.status == 0 && last.count == 32 && last.allSatisfy(\.isHexDigit) ? last : nil
}
