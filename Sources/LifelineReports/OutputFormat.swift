/// A format a command writes with `--format`, and the file-name extensions that ask for it.
///
/// `lifeline check -o out.sarif` once wrote text into `out.sarif`: `--format` defaulted to text
/// whatever the file was called, and the CI step that uploaded it failed far from the cause. A
/// command that takes both `-o` and `--format` now lets the file's extension choose when `--format`
/// is not given, and refuses a `--format` that contradicts it (a usage error, exit status 2).
/// An extension no format claims (`.txt`, `.log`, none) leaves the command's default: text for a
/// check, whose default is for a person.
///
/// ```swift
/// try ReportFormat.chosen(nil, output: "out.sarif", default: .text)         // .sarif
/// try ReportFormat.chosen(.json, output: "out.sarif", default: .text)       // throws OutputFormatMismatch
/// ```
package protocol OutputFormat: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The extensions that ask for this format, lowercase and without the leading dot (`sarif.json`
    /// is one extension).
    var fileExtensions: [String] { get }
}

extension OutputFormat {
    /// The format whose extension `path` ends with (in any case, the longest that matches), or nil.
    package static func implied(byFile path: String) -> Self? {
        let name = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        var best: (format: Self, length: Int)?
        for format in allCases {
            for fileExtension in format.fileExtensions where name.hasSuffix("." + fileExtension) {
                if fileExtension.count > best?.length ?? -1 { best = (format, fileExtension.count) }
            }
        }
        return best?.format
    }

    /// The format to write: `format` when given (and `output`'s extension does not name another), else the
    /// one `output`'s extension names, else `default`.
    package static func chosen(_ format: Self?, output: String?, default: Self) throws(OutputFormatMismatch) -> Self {
        let named: Self? = output.flatMap { Self.implied(byFile: $0) }
        if let format, let named, let output, named != format {
            throw OutputFormatMismatch(format: format.rawValue, output: output, implied: named.rawValue, extensions: format.fileExtensions)
        }
        return format ?? named ?? `default`
    }
}

/// `--format` names one format and `-o`'s extension another.
package struct OutputFormatMismatch: Error, Sendable, CustomStringConvertible {
    package var format: String
    package var output: String
    /// The format the file's extension names.
    package var implied: String
    /// The extensions of `format`, for the advice.
    package var extensions: [String]

    /// `--format json contradicts -o out.sarif, which names sarif: leave out --format to write sarif, or name the file .json`.
    package var description: String {
        let rename = extensions.first.map { ", or name the file .\($0)" } ?? ", or give the file another extension"
        return "--format \(format) contradicts -o \(output), which names \(implied): leave out --format to write \(implied)\(rename)"
    }
}

extension ReportFormat: OutputFormat {
    package var fileExtensions: [String] {
        switch self {
        case .text: return []
        case .json: return ["json"]
        case .jsonl: return ["jsonl", "ndjson"]
        case .junit: return ["xml"]
        case .sarif: return ["sarif", "sarif.json"]
        // Workflow commands are lines for a runner's log: no file type of their own.
        case .github: return []
        case .html: return ["html", "htm"]
        }
    }
}
