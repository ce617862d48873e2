/// Records of CSV text (RFC 4180), as sqlite3's `.import --csv` reads them.
///
/// Fields are separated by commas and records by line breaks (`\n` or `\r\n`); a field in double
/// quotes may hold commas, line breaks and doubled quotes (`""`). A record with a quote that never
/// closes ends at the end of the text, as in sqlite3. Blank lines are skipped.
///
/// ```swift
/// CSVRecords.parse(Array("a,b\n1,\"x, \"\"y\"\"\"\n".utf8))   // [["a", "b"], ["1", "x, \"y\""]]
/// ```
enum CSVRecords {
    static func parse(_ bytes: [UInt8]) -> [[String]] {
        parseWithLines(bytes).map(\.fields)
    }

    /// The records with the line each starts on (1-based), for warnings that point at one.
    static func parseWithLines(_ bytes: [UInt8]) -> [(line: Int, fields: [String])] {
        var records: [(line: Int, fields: [String])] = []
        var line = 1
        var recordLine = 1
        var record: [String] = []
        var field: [UInt8] = []
        var index = 0
        var quoted = false
        var fieldStarted = false
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field = []
            fieldStarted = false
        }
        func endRecord() {
            endField()
            if !(record.count == 1 && record[0].isEmpty) { records.append((recordLine, record)) }
            record = []
            recordLine = line
        }
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A { line += 1 }
            if quoted {
                if byte == 0x22 {
                    if index < bytes.count && bytes[index] == 0x22 {
                        field.append(0x22)
                        index += 1
                    } else {
                        quoted = false
                    }
                } else {
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case 0x22 where !fieldStarted && field.isEmpty:
                quoted = true
                fieldStarted = true
            case 0x2C:
                endField()
            case 0x0A:
                endRecord()
            case 0x0D where index < bytes.count && bytes[index] == 0x0A:
                break  // the \n that follows ends the record
            default:
                field.append(byte)
                fieldStarted = true
            }
        }
        if fieldStarted || !field.isEmpty || !record.isEmpty { endRecord() }
        return records
    }
}
