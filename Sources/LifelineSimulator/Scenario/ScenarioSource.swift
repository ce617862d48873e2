import LifelineFormat

/// A script's text and name, enough to build located errors.
struct ScenarioSource {
    let source: String
    let file: String

    /// An error at `location`, quoting the line it is on.
    func error(_ code: ScenarioError.Code, at location: SourceLocation, _ message: String) -> ScenarioError {
        // Bytes, not characters: "\r\n" is one Character and would hide the line break.
        let lines = source.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        var bytes = location.line - 1 < lines.count ? Array(lines[location.line - 1]) : []
        if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
        let text = String(decoding: bytes, as: UTF8.self)
        return ScenarioError(code, file: file, at: location, message, sourceLine: text)
    }
}
