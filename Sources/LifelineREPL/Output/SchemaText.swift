import LifelineStore

/// A schema object's `CREATE` statement as sqlite3 3.53's `.schema` prints it: the schema's name
/// put in for a temporary object (`CREATE TABLE temp.t(x)`), a view followed by a comment naming
/// its columns (`/* w(i,t) */`), a `;` at the end; with `--indent`, long table and index
/// statements laid out one column or condition a line.
///
/// ```swift
/// SchemaText.statement(entry, indented: false)
/// // CREATE VIEW w AS SELECT i, t FROM v WHERE i > 0
/// // /* w(i,t) */;
/// ```
enum SchemaText {
    static func statement(_ entry: SchemaEntry, indented: Bool) -> String {
        var sql = entry.sql
        let kinds = ["TABLE", "INDEX", "UNIQUE INDEX", "VIEW", "TRIGGER", "VIRTUAL TABLE"]
        // sqlite3 writes `temp` bare, though it is a keyword.
        let schema = entry.schema.map { $0.lowercased() == "temp" ? $0 : identifier($0) }
        if sql.hasPrefix("CREATE "), let kind = kinds.first(where: { sql.dropFirst(7).hasPrefix($0 + " ") }) {
            let head = "CREATE " + kind
            if let schema { sql = head + " " + schema + "." + sql.dropFirst(head.count + 1) }
            if entry.type == "view", !entry.viewColumns.isEmpty {
                let name = (schema.map { $0 + "." } ?? "") + identifier(entry.name)
                sql += "\n/* " + name + "(" + entry.viewColumns.map(identifier).joined(separator: ",") + ") */"
            }
        }
        // Views and triggers stay as they are; the rest is laid out (the entry's type says which).
        let laidOut = indented && entry.type != "view" && entry.type != "trigger"
        return (laidOut ? indent(sql, isIndex: entry.type == "index") : sql) + ";"
    }

    /// A name as sqlite3 writes it in a schema comment: bare when it is an identifier that is not a keyword.
    static func identifier(_ name: String) -> String {
        ResultPrinter.identifier(name)
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
    private static func isWordByte(_ byte: UInt8?) -> Bool {
        guard let byte else { return false }
        return (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x5F
    }

    /// `.schema --indent`: runs of spaces become one (none after `(` or before `(` and `)`); a
    /// statement still 79 bytes or longer gets each top-level column of a table on its own
    /// line, indented two spaces, and each `AND` of a partial index's (`isIndex`) `WHERE` on its own.
    static func indent(_ sql: String, isIndex: Bool) -> String {
        if sql.isEmpty { return sql }
        var collapsed: [UInt8] = []
        for byte in Array(sql.utf8).drop(while: isSpace) {
            if isSpace(byte) {
                if collapsed.last == 0x0D { collapsed[collapsed.count - 1] = 0x0A }
                if let last = collapsed.last, isSpace(last) || last == UInt8(ascii: "(") { continue }
            } else if byte == UInt8(ascii: "(") || byte == UInt8(ascii: ")"), let last = collapsed.last, isSpace(last) {
                collapsed.removeLast()
            }
            collapsed.append(byte)
        }
        while let last = collapsed.last, isSpace(last) { collapsed.removeLast() }
        guard collapsed.count >= 79 else { return String(decoding: collapsed, as: UTF8.self) }

        let source = collapsed
        func at(_ index: Int) -> UInt8? { index < source.count ? source[index] : nil }
        func matches(_ word: String, at index: Int) -> Bool {
            let letters = Array(word.utf8)
            guard index + letters.count <= source.count else { return false }
            let isWord = zip(source[index..<(index + letters.count)], letters).allSatisfy { $0 | 0x20 == $1 | 0x20 }
            return isWord && !isWordByte(at(index + letters.count))
        }
        // Whether only spaces (or a comment) are left on the line after `index`.
        func restOfLineIsBlank(_ index: Int) -> Bool {
            var index = index
            while let byte = at(index) {
                if byte == 0x0A { return true }
                if isSpace(byte) {
                    index += 1
                    continue
                }
                return byte == UInt8(ascii: "-") && at(index + 1) == UInt8(ascii: "-")
            }
            return true
        }
        var output: [UInt8] = []
        var pending: [UInt8] = []
        var closing: UInt8?
        var depth = 0
        var lines = 0
        var inWhere = false
        var index = 0
        while index < source.count {
            let byte = source[index]
            if byte == closing {
                closing = nil
            } else if closing != nil {
                // inside a string, a quoted name or a comment
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") || byte == UInt8(ascii: "`") {
                closing = byte
            } else if byte == UInt8(ascii: "[") {
                closing = UInt8(ascii: "]")
            } else if byte == UInt8(ascii: "-") && at(index + 1) == UInt8(ascii: "-") {
                closing = 0x0A
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
                if lines > 0 && depth == 0 && !pending.isEmpty && !inWhere {
                    output += pending + [0x0A]
                    pending = []
                }
            } else if (byte | 0x20) == UInt8(ascii: "w") && depth == 0 && isIndex && matches("WHERE", at: index) {
                inWhere = true
            } else if inWhere && (byte | 0x20) == UInt8(ascii: "a") && depth == 0 && matches("AND", at: index) {
                output += pending + Array("\n    ".utf8)
                pending = []
            }
            pending.append(byte)
            if depth == 1 && closing == nil && !inWhere
                && (byte == UInt8(ascii: "(") || byte == 0x0A || (byte == UInt8(ascii: ",") && !restOfLineIsBlank(index + 1)))
            {
                if byte == 0x0A { pending.removeLast() }
                output += pending + Array("\n  ".utf8)
                pending = []
                lines += 1
                while let next = at(index + 1), isSpace(next) { index += 1 }
            }
            index += 1
        }
        return String(decoding: output + pending, as: UTF8.self)
    }
}
