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
