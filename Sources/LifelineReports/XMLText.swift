/// Escaping for XML attribute values and text, and for the REPL's HTML output.
package enum XMLText {
    /// How an apostrophe is written.
    package enum Apostrophe: Sendable {
        /// `&apos;`, XML's named entity (JUnit reports).
        case named
        /// `&#39;`, which HTML 4 also reads (the REPL's `.mode html`, as sqlite3 writes it).
        case numeric
    }

    /// Escapes markup characters and replaces characters XML 1.0 cannot carry.
    package static func escape(_ text: String, apostrophe: Apostrophe = .named) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += apostrophe == .named ? "&apos;" : "&#39;"
            case "\n", "\t", "\r": result.unicodeScalars.append(scalar)
            default:
                // XML 1.0 allows no C0 controls except tab, newline and carriage return.
                if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
