import Foundation
import LifelineSupport

/// Finds the trace files that command-line paths name: what `lifeline import`, `lifeline check`,
/// the REPL's `.import` and its launcher share.
///
/// It lives with the format, not the store, so checking plain files needs no database.
///
/// ```swift
/// let (files, errors) = TracePaths.expand(["traces/", "extra.ndjson"])
/// ```
public enum TracePaths {
    /// Expands command-line paths: files as given, directories recursively
    /// (`*.ndjson`, `*.jsonl`, sorted), `-` for standard input.
    /// Returns the files and an error for each path that does not exist and each directory
    /// that holds no trace (a typo in a CI script must not pass as "nothing to check").
    public static func expand(_ paths: [String]) -> (files: [String], errors: [FileDiagnostic]) {
        var files: [String] = []
        var errors: [FileDiagnostic] = []
        let manager = FileManager.default
        for path in paths {
            if path == "-" {
                files.append(path)
                continue
            }
            let kind: InputFile
            do {
                kind = try InputFile(examining: path)
            } catch {
                errors.append(FileDiagnostic(.error, file: path, error.description))
                continue
            }
            guard kind == .directory else {
                // `/dev/zero` never ends and a FIFO blocks its reader: standard input is '-'.
                if let refusal = kind.refusal {
                    errors.append(FileDiagnostic(.error, file: path, "\(refusal) (give '-' to read standard input)"))
                } else {
                    files.append(path)
                }
                continue
            }
            let enumerator = manager.enumerator(atPath: path)
            var found: [String] = []
            var refused = 0
            while let relative = enumerator?.nextObject() as? String {
                if relative.hasSuffix(".ndjson") || relative.hasSuffix(".jsonl") {
                    let file = path.hasSuffix("/") ? path + relative : path + "/" + relative
                    // A directory from elsewhere may hold a FIFO or a link to /dev/zero named like a trace.
                    switch InputFile(path: file) {
                    case .pipe?, .device?, .socket?, .other?:
                        errors.append(FileDiagnostic(.error, file: file, InputFile(path: file)?.refusal ?? "it is not a regular file"))
                        refused += 1
                    case .regular?, .directory?, nil:
                        found.append(file)
                    }
                }
            }
            // A directory whose only trace-named entries were refused already has an error for each.
            if found.isEmpty && refused == 0 {
                errors.append(FileDiagnostic(.error, file: path, "no traces (*.ndjson, *.jsonl) in this directory"))
            }
            files += found.sorted()
        }
        return (files, errors)
    }
}
