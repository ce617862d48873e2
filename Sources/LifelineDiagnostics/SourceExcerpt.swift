import LifelineSupport

/// The line a diagnostic points into, and a caret under the column it points at.
///
/// The one caret renderer: rules files, scenario scripts and the REPL's SQL all
/// print their excerpts through it.
///
/// ```
///   3 | rule launch per launch: didFinishLaunching preceeds willConnectTo
///     |                                              ^
/// ```
///
/// A line typed at a prompt has no number to show; its gutter stays blank:
///
/// ```
///     | SELECT * FORM event
///     |          ^
/// ```
package struct SourceExcerpt: Hashable, Sendable {
    /// The line's number in its file, or nil for a line typed at a prompt.
    package var lineNumber: Int?
    /// The line as it is shown (already escaped, when it comes from untrusted input).
    package var text: String
    /// Characters before the caret.
    package var caretOffset: Int

    package init(lineNumber: Int?, text: String, caretOffset: Int) {
        self.lineNumber = lineNumber
        self.text = text
        self.caretOffset = max(0, caretOffset)
    }

    /// An excerpt whose column counts UTF-8 bytes from 1 (the scenario parser's): the caret goes
    /// under the character that starts at that byte.
    package init(lineNumber: Int?, text: String, utf8Column column: Int) {
        let prefix = text.utf8.prefix(max(0, column - 1))
        self.init(lineNumber: lineNumber, text: text, caretOffset: String(decoding: prefix, as: UTF8.self).count)
    }

    /// The most characters of a line an excerpt shows. A longer line (a minified file, a
    /// database read as a script: one "line" of 32 KB) is cut to a window around the caret,
    /// each cut end marked with `...`, so the diagnostic stays readable and small.
    package static let maximumWidth = 160

    /// The two lines, without a final newline.
    package var rendered: String {
        let (shown, caret) = window
        let number = lineNumber.map(String.init) ?? ""
        let gutter = String(repeating: " ", count: max(number.count, 1))
        return "  \(number.isEmpty ? gutter : number) | \(shown)\n"
            + "  \(gutter) | \(String(repeating: " ", count: DisplayWidth.of(shown.prefix(caret))))^"
    }

    /// The part of the line shown, and the characters before the caret in it.
    ///
    /// Walks the line by index, never copying it: an SQL statement in error can be 1 GB.
    private var window: (text: String, caret: Int) {
        let width = Self.maximumWidth
        guard let beyond = text.index(text.startIndex, offsetBy: width, limitedBy: text.endIndex), beyond != text.endIndex
        else { return (text, caretOffset) }
        let caretIndex = text.index(text.startIndex, offsetBy: caretOffset, limitedBy: text.endIndex) ?? text.endIndex
        let caret = text.distance(from: text.startIndex, to: caretIndex)
        var start = text.index(text.startIndex, offsetBy: max(caret - width / 2, 0))
        let end = text.index(start, offsetBy: width, limitedBy: text.endIndex) ?? text.endIndex
        if end == text.endIndex { start = text.index(text.endIndex, offsetBy: -width) }
        let head = start > text.startIndex ? "..." : ""
        let tail = end < text.endIndex ? "..." : ""
        return (head + text[start..<end] + tail, head.count + caret - text.distance(from: text.startIndex, to: start))
    }
}
