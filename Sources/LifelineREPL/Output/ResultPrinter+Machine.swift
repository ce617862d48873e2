import LifelineCore
import LifelineReports
import LifelineStore
import LifelineTerminal

// MARK: - Machine modes

/// The modes another program reads (`list`, `csv`, `json`, `line`, `quote`, `insert`, `html`), printed
/// byte for byte as sqlite3 3.40 prints them where the two agree (docs/repl.md lists where they
/// do not, and why).
///
/// Values keep their real bytes: a newline in a CSV field is a newline inside quotes, a blob in
/// `list` or `csv` is its bytes up to the first NUL (as sqlite3 prints it). Only on a terminal are
/// control characters shown escaped, so a value from a trace cannot drive the terminal.
extension ResultPrinter {
    /// One row (and the header before the first) in a machine mode.
    func machineRow(_ row: [ResultValue]) -> [UInt8] {
        let values = columns.indices.map { $0 < row.count ? row[$0] : ResultValue.null }
        let names = rawColumns.map { escapes ? TerminalText.escape($0) : $0 }
        let first = rowCount == 0
        var out: [UInt8] = []
        let columnSeparator = Array(settings.columnSeparator.utf8)
        let rowSeparator = Array(settings.rowSeparator.utf8)
        func joined(_ fields: [[UInt8]], by separator: [UInt8]) {
            for (index, field) in fields.enumerated() {
                if index > 0 { out += separator }
                out += field
            }
        }
        switch settings.mode {
        case .list:
            if first && settings.headers {
                joined(names.map { Array($0.utf8) }, by: columnSeparator)
                out += rowSeparator
            }
            joined(values.map(fieldBytes), by: columnSeparator)
            out += rowSeparator
        case .csv:
            if first && settings.headers {
                joined(names.map { csvField(Array($0.utf8)) }, by: columnSeparator)
                out += rowSeparator
            }
            joined(values.map { $0.isNull ? nullBytes : csvField(fieldBytes($0)) }, by: columnSeparator)
            out += rowSeparator
        case .line:
            let nameWidth = max(5, names.map(TerminalText.width).max() ?? 0)
            if !first { out += rowSeparator }
            for (name, value) in zip(names, values) {
                out += Array((TerminalText.pad(name, to: nameWidth, right: true) + " = ").utf8)
                out += fieldBytes(value) + rowSeparator
            }
        case .quote:
            if first && settings.headers {
                joined(names.map { Array(Self.quoted($0).utf8) }, by: columnSeparator)
                out += rowSeparator
            }
            joined(values.map { Array(literal($0, escapingNewlines: false).utf8) }, by: columnSeparator)
            out += rowSeparator
        case .insert:
            var text = "INSERT INTO " + Self.identifier(settings.tableName)
            if settings.headers { text += "(" + names.map(Self.identifier).joined(separator: ",") + ")" }
            text += " VALUES(" + values.map { literal($0, escapingNewlines: true) }.joined(separator: ",") + ");\n"
            out += Array(text.utf8)
        case .json:
            let members = zip(names, values).map { name, value in jsonString(name) + ":" + json(value) }
            out += Array(((first ? "[{" : ",\n{") + members.joined(separator: ",") + "}").utf8)
        case .html:
            var text = ""
            if first && settings.headers {
                text += "<TR>" + names.map { "<TH>" + Self.html($0) + "</TH>\n" }.joined() + "</TR>\n"
            }
            text += "<TR>"
            for value in values {
                text += "<TD>" + Self.html(String(decoding: fieldBytes(value), as: UTF8.self)) + "</TD>\n"
            }
            out += Array((text + "</TR>\n").utf8)
        case .table, .box, .column, .markdown:
            break
        }
        return out
    }

    // MARK: - Values

    private var nullBytes: [UInt8] { Array((settings.nullText ?? "").utf8) }

    /// A value as `list`, `csv`, `line` and `html` print it: text and blob bytes as they are, numbers as sqlite3 prints them.
    private func fieldBytes(_ value: ResultValue) -> [UInt8] {
        switch value {
        case .null: return escapes ? Array(TerminalText.escape(settings.nullText ?? "").utf8) : nullBytes
        case .integer(let integer): return Array(String(integer).utf8)
        case .real(let real): return Array(RealText.exact(real).utf8)
        case .text(let text): return Array((escapes ? TerminalText.escape(text) : text).utf8)
        case .blob(let bytes):
            // sqlite3 prints a blob as the C string its bytes make: up to the first NUL.
            let prefix = Array(bytes.prefix { $0 != 0 })
            return escapes ? Array(TerminalText.escape(String(decoding: prefix, as: UTF8.self)).utf8) : prefix
        }
    }

    /// A CSV field as sqlite3 writes it (RFC 4180): in double quotes, doubled inside, when it is empty
    /// or holds the separator, a control character, space, quote, apostrophe, DEL or any non-ASCII byte.
    private func csvField(_ bytes: [UInt8]) -> [UInt8] {
        let separator = Array(settings.columnSeparator.utf8)
        let needsQuotes =
            bytes.isEmpty || bytes.contains(where: Self.csvNeedsQuote)
            || (!separator.isEmpty && Self.contains(bytes, separator))
        guard needsQuotes else { return bytes }
        var quoted: [UInt8] = [0x22]
        for byte in bytes {
            quoted.append(byte)
            if byte == 0x22 { quoted.append(0x22) }
        }
        quoted.append(0x22)
        return quoted
    }

    private static func csvNeedsQuote(_ byte: UInt8) -> Bool {
        byte < 0x20 || byte == 0x20 || byte == 0x22 || byte == 0x27 || byte >= 0x7F
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= bytes.count else { return false }
        return (0...(bytes.count - part.count)).contains { start in bytes[start..<(start + part.count)].elementsEqual(part) }
    }

    /// A value as an SQL literal (`quote`, `insert`): `NULL`, numbers, `'text'`, `X'0a1b'`. With
    /// `escapingNewlines` (insert), text with line breaks becomes `replace('a\nb','\n',char(10))`, as in sqlite3.
    private func literal(_ value: ResultValue, escapingNewlines: Bool) -> String {
        if case .text(let text) = value, escapes {
            return Self.literal(.text(TerminalText.escape(text)), escapingNewlines: escapingNewlines)
        }
        return Self.literal(value, escapingNewlines: escapingNewlines)
    }

    /// ``literal(_:escapingNewlines:)`` with the text as it is.
    static func literal(_ value: ResultValue, escapingNewlines: Bool = false) -> String {
        switch value {
        case .null: return "NULL"
        case .integer(let integer): return String(integer)
        case .real(let real): return RealText.literal(real)
        case .text(let text):
            return escapingNewlines ? Self.quotedEscapingNewlines(text) : Self.quoted(text)
        case .blob(let bytes): return "X" + String(ResultValue.hexLiteral(bytes).dropFirst())
        }
    }

    /// `'text'` with each `'` doubled.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "''") + "'"
    }

    /// sqlite3's `output_quoted_escaped_string`: line feeds and carriage returns written as `\n` and `\r`
    /// (or another marker the text does not hold) inside `replace(...)` calls that put them back.
    static func quotedEscapingNewlines(_ text: String) -> String {
        let hasLF = text.contains("\n")
        let hasCR = text.contains("\r")
        guard hasLF || hasCR else { return quoted(text) }
        let lf = hasLF ? unusedMarker(in: text, "\\n", "\\012") : ""
        let cr = hasCR ? unusedMarker(in: text, "\\r", "\\015") : ""
        var body = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": body += lf
            case "\r": body += cr
            case "'": body += "''"
            default: body.unicodeScalars.append(scalar)
            }
        }
        var result = (hasLF ? "replace(" : "") + (hasCR ? "replace(" : "") + "'" + body + "'"
        if hasCR { result += ",'\(cr)',char(13))" }
        if hasLF { result += ",'\(lf)',char(10))" }
        return result
    }

    private static func unusedMarker(in text: String, _ first: String, _ second: String) -> String {
        if !text.contains(first) { return first }
        if !text.contains(second) { return second }
        var index = 0
        while text.contains("(\(first)\(index))") { index += 1 }
        return "(\(first)\(index))"
    }

    /// A table or column name as sqlite3 writes it in an `INSERT`: bare when it is an identifier
    /// that is not a keyword, else in double quotes.
    static func identifier(_ name: String) -> String {
        let bytes = Array(name.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let bare =
            bytes.first.map(isLetter) == true && bytes.allSatisfy { isLetter($0) || isDigit($0) }
            && !SQLText.isKeyword(name)
        return bare ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text escaped for HTML as sqlite3 escapes it (`<`, `&`, `>`, `"`, and `'` as `&#39;`).
    static func html(_ text: String) -> String {
        XMLText.escape(text, apostrophe: .numeric)
    }

    // MARK: - JSON

    /// A value in JSON: reals that read back as the same double (infinities as `1e999`, a number
    /// JSON parsers read as infinity), blobs as `{"blob":"HEX"}` so they cannot be mistaken for text.
    func json(_ value: ResultValue) -> String {
        switch value {
        case .null: "null"
        case .integer(let integer): String(integer)
        case .real(let real): RealText.literal(real)
        case .text(let text): jsonString(text)
        case .blob(let bytes): "{\"blob\":\"" + ResultValue.hexLiteral(bytes).dropFirst(2).dropLast() + "\"}"
        }
    }

    /// A JSON string literal: `"` and `\` escaped, C0 controls as `\n`, `\t`, `\u0001` (as sqlite3 writes them);
    /// on a terminal DEL, C1 and bidirectional characters too, as `\u` escapes (the same string, inert).
    func jsonString(_ text: String) -> String {
        Self.jsonString(text, escapingTerminalControls: escapes)
    }

    /// ``jsonString(_:)`` for a printer that does (on a terminal) or does not escape terminal controls.
    static func jsonString(_ text: String, escapingTerminalControls: Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || (escapingTerminalControls && TerminalText.needsEscape(scalar)) {
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
