import Foundation
import LifelineFormat

/// Standard input copied to a temporary file, so that a run can read it twice: once to check it,
/// once to draw its timeline in the HTML report (standard input itself can be read only once).
///
/// The file is removed when the copy is released.
///
/// ```swift
/// let copy = try StandardInputCopy.make(label: "a.ndjson")
/// try checker.check(file: copy.path, label: "a.ndjson")
/// ```
final class StandardInputCopy: Sendable {
    /// The temporary file holding what standard input gave.
    let path: String

    private init(path: String) {
        self.path = path
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }

    /// Reads standard input to its end into a new temporary file; an error naming `label` (standard
    /// input's name in the report) when the file cannot be created or written, or standard input read.
    static func make(label: String) throws(CheckRunError) -> StandardInputCopy {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lifeline-stdin-\(UUID().uuidString).ndjson").path
        guard FileManager.default.createFile(atPath: path, contents: nil), let output = FileHandle(forWritingAtPath: path) else {
            throw CheckRunError(
                .inputErrors,
                Diagnostic(.error, file: label, "cannot keep standard input for the report's timelines: cannot create \(path)"))
        }
        let copy = StandardInputCopy(path: path)
        defer { try? output.close() }
        do {
            while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
                try output.write(contentsOf: chunk)
            }
        } catch {
            throw CheckRunError(
                .inputErrors,
                Diagnostic(.error, file: label, "cannot keep standard input for the report's timelines: \(error.localizedDescription)"))
        }
        return copy
    }
}
