import Foundation
import ConcurrencyHarness

/// Sends this process's standard error to a temporary file until `finish()`, which puts it back and returns what was
/// written meanwhile. Child processes the quiz starts have pipes of their own and are not affected.
final class StandardErrorCapture {
    /// The real standard error, kept to be put back.
    private let saved: Int32
    /// The temporary file, if it could be made (else nothing is captured).
    private let path: String?

    /// Starts capturing.
    init() {
        // In the process's scratch folder: an interrupted quiz leaves no file behind for good.
        let path = ((try? ScratchFolder.make("quiz-stderr"))?.appendingPathComponent("stderr.txt").path) ?? ""
        let file = path.isEmpty ? -1 : open(path, O_CREAT | O_TRUNC | O_WRONLY, 0o600)
        saved = dup(STDERR_FILENO)
        if file >= 0, saved >= 0 {
            fflush(nil)
            dup2(file, STDERR_FILENO)
            close(file)
            self.path = path
        } else {
            self.path = nil
        }
    }

    /// Stops capturing and returns what was written, without its last line break.
    func finish() -> String {
        guard let path else { return "" }
        fflush(nil)
        dup2(saved, STDERR_FILENO)
        close(saved)
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }
}
