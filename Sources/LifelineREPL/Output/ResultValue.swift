import LifelineReports
import LifelineStore
import LifelineTerminal

/// One value of a result row, as SQLite stored it.
enum ResultValue: Equatable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob([UInt8])

    init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(integer)
        case .real(let real): self = .real(real)
        case .text(let text): self = .text(text)
        case .blob(let bytes): self = .blob(bytes)
        }
    }

    var isNull: Bool { self == .null }

    var isNumeric: Bool {
        switch self {
        case .integer, .real: true
        default: false
        }
    }

    /// The value as one escaped line: `NULL`, numbers as SQLite prints them, blobs as `x'0a1b'` literals.
    var display: String {
        switch self {
        case .null: "NULL"
        case .integer(let integer): String(integer)
        case .real(let real): RealText.exact(real)
        case .text(let text): TerminalText.escape(text)
        case .blob(let bytes): Self.hexLiteral(bytes)
        }
    }

    static func hexLiteral(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        var text = "x'"
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0xF)])
        }
        return text + "'"
    }
}
