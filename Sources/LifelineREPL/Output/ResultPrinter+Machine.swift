import LifelineCore
import LifelineReports
import LifelineStore
import LifelineTerminal

// MARK: - Machine modes

/// The modes another program reads (`list`, `tabs`, `csv`, `ascii`, `json`, `line`, `quote`,
/// `insert`, `html`), byte for byte as sqlite3 3.53 prints them: its recorded outputs in
/// `Tests/LifelineCLITests/Sqlite353` are the reference, and docs/repl.md lists where Lifeline
/// differs and why.
///
/// Each value is encoded as the mode writes text (as it is, CSV-quoted, an SQL literal, HTML,
/// JSON), then its control characters are escaped (``ControlEscape``) unless `.mode --escape off`
/// said otherwise: files and pipes get sqlite3's escapes, a terminal more. Text and a blob shown
/// as text end at their first NUL, as sqlite3's C strings do.
extension ResultPrinter {
    /// One row (and the header before the first) in a machine mode.
    func machineRow(_ row: [ResultValue]) -> [UInt8] {
        let values = columns.indices.map { $0 < row.count ? row[$0] : ResultValue.null }
        let first = rowCount == 0
        let columnSeparator = Array(format.columnSeparator.utf8)
        let rowSeparator = Array(format.rowSeparator.utf8)
        var out: [UInt8] = []
        func joined(_ fields: [[UInt8]], by separator: [UInt8]) {
            for (index, field) in fields.enumerated() {
                if index > 0 { out += separator }
                out += field
            }
        }
        switch format.mode {
        case .list, .tabs, .csv, .ascii, .quote:
            if first && format.headers {
                joined(columns.map { escaped(encoded(Array($0.utf8))) }, by: columnSeparator)
                out += rowSeparator
            }
            joined(values.map(field), by: columnSeparator)
            out += rowSeparator
        case .line:
            let names = columns.map { String(decoding: escaped(Array($0.utf8)), as: UTF8.self) }
            let nameWidth = names.map(TerminalText.width).max() ?? 0
            let indent = [UInt8](repeating: 0x20, count: nameWidth + columnSeparator.count)
            if !first { out.append(0x0A) }
            for (name, value) in zip(names, values) {
                out += Array(TerminalText.pad(name, to: nameWidth, right: true).utf8) + columnSeparator
                for (index, line) in Self.lines(field(value)).enumerated() {
                    if index > 0 { out += indent }
                    out += line + [0x0A]
                }
            }
        case .json:
            out += Array((first ? "[{" : "},\n{").utf8)
            joined(
                zip(columns, values).map { name, value in
                    Array(jsonString(Array(name.utf8)).utf8) + [UInt8(ascii: ":")] + field(value)
                }, by: [UInt8(ascii: ",")])
        case .html:
            if first && format.headers {
                out += Array("<TR>".utf8)
                for name in columns { out += Array("\n<TH>".utf8) + escaped(Self.html(Array(name.utf8))) }
                out += Array("\n</TR>\n".utf8)
            }
            out += Array("<TR>".utf8)
            for value in values { out += Array("\n<TD>".utf8) + field(value) }
            out += Array("\n</TR>\n".utf8)
        case .insert:
            let name = identifier(format.tableName.map { $0.isEmpty ? "tab" : $0 } ?? "tab")
            out += Array("INSERT INTO \(name)".utf8)
            if format.headers { out += Array(("(" + columns.map(identifier).joined(separator: ",") + ")").utf8) }
            out += Array(" VALUES(".utf8)
            joined(values.map(field), by: [UInt8(ascii: ",")])
            out += Array(");\n".utf8)
        case .table, .box, .column, .markdown, .qbox:
            break
        }
        return out
    }

    /// What ends the output after the last row: `}]` closing a JSON array, nothing in the other modes.
    func machineEnd() -> [UInt8] {
        format.mode == .json && rowCount > 0 ? Array("}]\n".utf8) : []
    }

    // MARK: - Values

    /// Where escaped text goes: a terminal gets more escaped than a file or a pipe.
    private var destination: ControlEscape.Destination { sink.isTerminal ? .terminal : .stream }

    /// `bytes` with control characters escaped as `.mode --escape` says.
    private func escaped(_ bytes: [UInt8]) -> [UInt8] {
        format.escape.apply(bytes, for: destination)
    }

    /// A value as the mode writes it.
    private func field(_ value: ResultValue) -> [UInt8] {
        switch value {
        case .null:
            switch format.mode {
            case .json, .html: return Array("null".utf8)
            case .insert: return Array("NULL".utf8)
            default: return escaped(Array(format.nullText.utf8))
            }
        case .integer(let integer):
            return Array(String(integer).utf8)
        case .real(let real):
            switch format.mode {
            case .quote, .insert, .json: return Array(RealText.literal(real).utf8)
            default: return Array(RealText.exact(real).utf8)
            }
        case .text(let text):
            return escaped(encoded(Self.cString(Array(text.utf8))))
        case .blob(let bytes):
            switch format.mode.defaults.text {
            case .sql: return Array(("x" + ResultValue.hexLiteral(bytes).dropFirst()).utf8)
            case .json: return Array(("{\"blob\":\"" + ResultValue.hexLiteral(bytes).dropFirst(2).dropLast() + "\"}").utf8)
            case .plain, .csv, .html: return escaped(encoded(Self.cString(bytes)))
            }
        }
    }

    /// Text as the mode encodes it (before control characters are escaped).
    private func encoded(_ bytes: [UInt8]) -> [UInt8] {
        switch format.mode.defaults.text {
        case .plain: bytes
        case .sql: Self.sqlQuoted(bytes, escaping: format.escape != .off)
        case .csv: csvField(bytes)
        case .html: Self.html(bytes)
        case .json: Array(jsonString(bytes).utf8)
        }
    }

    /// A CSV field as sqlite3 writes it (RFC 4180): in double quotes, doubled inside, when it is empty
    /// or holds the column separator, a control character, space, quote, apostrophe, DEL or any non-ASCII byte.
    private func csvField(_ bytes: [UInt8]) -> [UInt8] {
        let separator = Array(format.columnSeparator.utf8)
        let needsQuotes =
            bytes.isEmpty || bytes.contains(where: Self.csvNeedsQuote)
            || separator.isEmpty || Self.contains(bytes, separator)
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
        byte <= 0x20 || byte == 0x22 || byte == 0x27 || byte >= 0x7F
    }

    private static func contains(_ bytes: [UInt8], _ part: [UInt8]) -> Bool {
        guard part.count <= bytes.count else { return false }
        return (0...(bytes.count - part.count)).contains { start in bytes[start..<(start + part.count)].elementsEqual(part) }
    }

    /// The lines `line` mode writes a value on: split at each line feed (a CR before it stays on
    /// its line, as in sqlite3), a final line feed ending the last line rather than starting one.
    static func lines(_ bytes: [UInt8]) -> [[UInt8]] {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
        if lines.count > 1 && lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// A table or column name as sqlite3 writes it in an `INSERT`: bare when it is an identifier
    /// that is not a keyword, else in double quotes; escaped only on a terminal, so the SQL names the same table.
    private func identifier(_ name: String) -> String {
        let quoted = Self.identifier(name)
        return sink.isTerminal && format.escape != .off ? format.escape.apply(quoted, for: .terminal) : quoted
    }

    static func identifier(_ name: String) -> String {
        let bytes = Array(name.utf8)
        func isLetter(_ byte: UInt8) -> Bool { (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F }
        func isDigit(_ byte: UInt8) -> Bool { (0x30...0x39).contains(byte) }
        let bare =
            bytes.first.map(isLetter) == true && bytes.allSatisfy { isLetter($0) || isDigit($0) }
            && !SQLText.isKeyword(name)
        return bare ? name : "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text escaped for HTML as sqlite3 escapes it (`<`, `&`, `>`, `"`, and `'` as `&#39;`), other bytes as they are.
    static func html(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "<"): result += Array("&lt;".utf8)
            case UInt8(ascii: ">"): result += Array("&gt;".utf8)
            case UInt8(ascii: "&"): result += Array("&amp;".utf8)
            case UInt8(ascii: "\""): result += Array("&quot;".utf8)
            case UInt8(ascii: "'"): result += Array("&#39;".utf8)
            default: result.append(byte)
            }
        }
        return result
    }

    // MARK: - JSON

    /// A JSON string literal as sqlite3 writes it: `"` and `\` escaped, C0 controls as `\n`, `\t`,
    /// `\u0001`; on a terminal DEL, C1 and bidirectional characters too, as `\u` escapes (the
    /// same string, inert). Bytes that are not UTF-8 become U+FFFD.
    func jsonString(_ bytes: [UInt8]) -> String {
        Self.jsonString(String(decoding: bytes, as: UTF8.self), escapingTerminalControls: sink.isTerminal && format.escape != .off)
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

// MARK: - Text as sqlite3 sees it

extension ResultPrinter {
    /// The bytes up to the first NUL: what sqlite3's C strings hold of a text or a blob.
    static func cString(_ bytes: [UInt8]) -> [UInt8] {
        guard let end = bytes.firstIndex(of: 0) else { return bytes }
        return Array(bytes[..<end])
    }

    /// Text as an SQL literal, as sqlite3's `%#Q` writes it: `'it''s'`; with `escaping` and a
    /// control character in it, `unistr('a\u000ab')` (backslashes doubled), which reads back as
    /// the same text and puts no control character on the screen.
    static func sqlQuoted(_ bytes: [UInt8], escaping: Bool) -> [UInt8] {
        let unistr = escaping && bytes.contains { $0 < 0x20 }
        var result: [UInt8] = Array((unistr ? "unistr('" : "'").utf8)
        result.reserveCapacity(bytes.count + 12)
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "'"): result += [byte, byte]
            case UInt8(ascii: "\\") where unistr: result += [byte, byte]
            case 0..<0x20 where unistr:
                let digits = Array("0123456789abcdef".utf8)
                result += Array("\\u00".utf8) + [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]]
            default: result.append(byte)
            }
        }
        result += Array((unistr ? "')" : "'").utf8)
        return result
    }

    /// A value as an SQL literal, as `.mode quote` writes it to a file: `NULL`, `2.5`, `'it''s'`, `x'00ff'`, `unistr('a\u000ab')`.
    static func literal(_ value: ResultValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): RealText.literal(real)
        case .text(let text): String(decoding: sqlQuoted(cString(Array(text.utf8)), escaping: true), as: UTF8.self)
        case .blob(let bytes): "x" + ResultValue.hexLiteral(bytes).dropFirst()
        }
    }

    /// Whether `qbox --quote relaxed` shows text without quotes, as sqlite3 decides: not when it
    /// starts or ends with an apostrophe or a space, reads as a number or `Inf`, or is the text
    /// for NULL (an empty string only when NULL shows as something else).
    func isRelaxable(_ bytes: [UInt8]) -> Bool {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        func isDigit(_ index: Int) -> Bool { index < bytes.count && (0x30...0x39).contains(bytes[index]) }
        guard let first = bytes.first else { return !format.nullText.isEmpty }
        if first == UInt8(ascii: "'") || isSpace(first) { return false }
        if let last = bytes.last, last == UInt8(ascii: "'") || isSpace(last) { return false }
        if bytes.elementsEqual(format.nullText.utf8) { return false }
        var index = first == UInt8(ascii: "-") || first == UInt8(ascii: "+") ? 1 : 0
        if bytes[index...].elementsEqual("Inf".utf8) { return false }
        guard isDigit(index) else { return true }
        while isDigit(index) { index += 1 }
        if index == bytes.count { return false }
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            while isDigit(index) { index += 1 }
            if index == bytes.count { return false }
        }
        if bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard isDigit(index) else { return true }
            while isDigit(index) { index += 1 }
        }
        return index < bytes.count
    }
}
