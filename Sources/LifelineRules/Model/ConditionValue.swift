import LifelineFormat

/// The right-hand side of a condition: a string, a number or a boolean.
///
/// Strings compare as versions when both sides look like versions
/// (`os >= "15.4"` holds for `"17.0"`), otherwise as text.
public enum ConditionValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)

    public var description: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): return String(value)
        }
    }

    /// Compares an attribute against this value; `nil` when they cannot be compared.
    func order(of attribute: AttributeValue) -> Int? {
        switch (attribute, self) {
        case (.string(let left), .string(let right)): return Self.order(text: left, right)
        case (.string(let left), .number(let right)):
            guard let number = Double(left) else { return nil }
            return Self.order(number, right)
        case (.int, .number(let right)), (.double, .number(let right)):
            return Self.order(attribute.numberValue!, right)
        case (.int, .string(let right)), (.double, .string(let right)):
            guard let number = Double(right) else { return nil }
            return Self.order(attribute.numberValue!, number)
        case (.bool(let left), .bool(let right)): return left == right ? 0 : (left ? 1 : -1)
        case (.bool(let left), .string(let right)): return String(left) == right ? 0 : nil
        case (.strings(let list), .string(let right)): return list.contains(right) ? 0 : nil
        default: return nil
        }
    }

    /// Compares a plain string field (launch facts, thread) against this value.
    func order(of text: String) -> Int? {
        switch self {
        case .string(let right): return Self.order(text: text, right)
        case .number(let right):
            guard let number = Double(text) else { return nil }
            return Self.order(number, right)
        case .bool(let right): return text == String(right) ? 0 : nil
        }
    }

    static func order(_ left: Double, _ right: Double) -> Int { left < right ? -1 : (left > right ? 1 : 0) }

    /// Text order, or version order when both sides are dotted numbers (`17.4.1`).
    static func order(text left: String, _ right: String) -> Int {
        if let leftParts = versionParts(left), let rightParts = versionParts(right) {
            for index in 0..<max(leftParts.count, rightParts.count) {
                let l = index < leftParts.count ? leftParts[index] : 0
                let r = index < rightParts.count ? rightParts[index] : 0
                if l != r { return l < r ? -1 : 1 }
            }
            return 0
        }
        return left < right ? -1 : (left > right ? 1 : 0)
    }

    private static func versionParts(_ text: String) -> [Int]? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.count <= 4 else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard let number = Int(part) else { return nil }
            numbers.append(number)
        }
        return numbers
    }
}
