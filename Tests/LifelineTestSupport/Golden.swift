import Foundation

/// Golden files: output a person reads (verdicts, transcripts, decoded logs, sample traces),
/// committed beside the tests and compared byte for byte.
///
/// Tests only compare. When the output differs from the committed file, the test fails and
/// leaves what it got under `.build/pending-goldens/` (the same path as the golden, from the
/// repository's root: never the source tree); one command runs the golden tests and moves every
/// pending file into place, for a person to review as a diff (it takes suite names too):
///
/// ```
/// Tests/update-goldens
/// ```
///
/// ```swift
/// let mismatch = Golden.compare(rendered, with: "Tests/LifelineRulesTests/Golden/\(name).expected")
/// #expect(mismatch == nil, "\(mismatch ?? "")")
/// ```
public enum Golden {
    /// The repository's root, from this file's path.
    public static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Where tests leave output that differs from its golden (`update-goldens` reads it).
    public static let pendingDirectory = repositoryRoot.appendingPathComponent(".build/pending-goldens")

    /// The command that accepts pending output.
    public static let updateCommand = "Tests/update-goldens"

    /// Nil when `actual` equals the file at `path` (relative to the repository's root); otherwise
    /// what differs (the first differing line, or that the file is missing) and the command that
    /// updates it, after leaving `actual` in ``pendingDirectory``.
    public static func compare(_ actual: String, with path: String) -> String? {
        compare(Data(actual.utf8), with: path)
    }

    /// ``compare(_:with:)-(String,_)`` for bytes (sample traces).
    public static func compare(_ actual: Data, with path: String) -> String? {
        let committed = try? Data(contentsOf: repositoryRoot.appendingPathComponent(path))
        let pending = pendingDirectory.appendingPathComponent(path)
        guard committed != actual else {
            try? FileManager.default.removeItem(at: pending)
            return nil
        }
        var saved = ""
        do {
            try FileManager.default.createDirectory(at: pending.deletingLastPathComponent(), withIntermediateDirectories: true)
            try actual.write(to: pending)
        } catch {
            saved = " (could not keep the new output: \(error.localizedDescription))"
        }
        let difference =
            committed.map { firstDifference(String(decoding: actual, as: UTF8.self), String(decoding: $0, as: UTF8.self)) }
            ?? "no such file"
        return "\(path) differs from the output\(saved): \(difference)\nreview and accept it with: \(updateCommand)"
    }

    /// The first line where `actual` and `expected` differ, both shown.
    public static func firstDifference(_ actual: String, _ expected: String) -> String {
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
        for index in 0..<max(a.count, e.count) {
            let left = index < a.count ? String(a[index]) : "<end>"
            let right = index < e.count ? String(e[index]) : "<end>"
            if left != right { return "line \(index + 1):\n  output:    \(left)\n  committed: \(right)" }
        }
        return "the same lines, different bytes (line endings?)"
    }
}
