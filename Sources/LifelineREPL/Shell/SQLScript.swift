import LifelineStore

/// SQL typed at the prompt or read from a script: one or more statements, perhaps over several lines.
///
/// Statements end at a `;` that SQLite itself considers the end of one
/// (`sqlite3_complete`: not in a string, a comment or a trigger body). Each
/// statement keeps its byte offset, so an error offset from SQLite maps back
/// to a line and column of the input.
///
/// ```swift
/// let script = SQLScript(text: "SELECT 1;\nSELECT ';';", firstLine: 4)
/// script.statements.map(\.text)   // ["SELECT 1;", "\nSELECT ';';"]
/// script.location(ofByte: 11)     // (line: 5, column: 2)
/// ```
package struct SQLScript {
    package struct Statement {
        /// Byte offset of the statement in the script.
        package var offset: Int
        package var text: String
    }

    package let text: String
    /// The input line the script starts on (1-based).
    package let firstLine: Int

    package init(text: String, firstLine: Int) {
        self.text = text
        self.firstLine = firstLine
    }

    /// Whether `text` ends with a complete statement (more lines are needed otherwise): `sqlite3_complete`.
    ///
    /// It scans the whole text: to follow text as it arrives, use ``SQLCompletionScanner``.
    package static func isComplete(_ text: String) -> Bool {
        SQLText.isComplete(text)
    }

    package var statements: [Statement] {
        let bytes = Array(text.utf8)
        var result: [Statement] = []
        var start = 0
        // One scan: `isComplete` on the text from `start` to each ';' would rescan it for every ';' in a string.
        var completion = SQLCompletionScanner()
        for index in bytes.indices {
            completion.consume(bytes[index])
            guard bytes[index] == UInt8(ascii: ";"), completion.isComplete else { continue }
            if !completion.isBlank {
                result.append(Statement(offset: start, text: String(decoding: bytes[start...index], as: UTF8.self)))
            }
            start = index + 1
            completion = SQLCompletionScanner()
        }
        if start < bytes.count, !Self.isBlank(bytes[start...]) {
            result.append(Statement(offset: start, text: String(decoding: bytes[start...], as: UTF8.self)))
        }
        return result
    }

    /// The 1-based line and column (in UTF-8 bytes, as in trace diagnostics) of a byte offset.
    package func location(ofByte offset: Int) -> (line: Int, column: Int) {
        let bytes = Array(text.utf8)
        let end = min(max(offset, 0), bytes.count)
        var line = firstLine
        var lineStart = 0
        for index in 0..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        return (line, end - lineStart + 1)
    }

    /// The text of the input line holding a byte offset, and the offset's character position in it.
    package func sourceLine(atByte offset: Int) -> (text: String, caret: Int) {
        let bytes = Array(text.utf8)
        let end = min(max(offset, 0), bytes.count)
        let lineStart = bytes[..<end].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let lineEnd = bytes[end...].firstIndex(of: 0x0A) ?? bytes.count
        let caret = String(decoding: bytes[lineStart..<end], as: UTF8.self).count
        return (String(decoding: bytes[lineStart..<lineEnd], as: UTF8.self), caret)
    }

    /// Whether the bytes hold nothing but whitespace, comments and semicolons.
    package static func isBlank(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == UInt8(ascii: ";") {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "-") {
                index = bytes[index...].firstIndex(of: 0x0A) ?? bytes.endIndex
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.endIndex, bytes[index + 1] == UInt8(ascii: "*") {
                var end = index + 2
                while end + 1 < bytes.endIndex, !(bytes[end] == UInt8(ascii: "*") && bytes[end + 1] == UInt8(ascii: "/")) {
                    end += 1
                }
                // An unterminated comment is not blank: more lines may follow, or SQLite reports it.
                guard end + 1 < bytes.endIndex else { return false }
                index = end + 2
            } else {
                return false
            }
        }
        return true
    }
}
