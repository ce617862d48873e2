import Foundation
import GRDB

extension SQLValue {
    /// A GRDB value by its storage class.
    init(_ value: DatabaseValue) {
        switch value.storage {
        case .null: self = .null
        case .int64(let integer): self = .integer(integer)
        case .double(let real): self = .real(real)
        case .string(let text): self = .text(text)
        case .blob(let data): self = .blob(Array(data))
        }
    }
}

extension SQLValue {
    /// The value to bind for a statement parameter.
    var databaseValue: DatabaseValue {
        switch self {
        case .null: .null
        case .integer(let integer): integer.databaseValue
        case .real(let real): real.databaseValue
        case .text(let text): text.databaseValue
        case .blob(let bytes): Data(bytes).databaseValue
        }
    }
}
