import LifelineFormat

/// The right-hand side of a condition: a string, a number, a boolean or a duration.
///
/// Strings compare as versions when both sides look like versions
/// (`os >= "15.4"` holds for `"17.0"`), otherwise as text. A duration (`400ms`) compares with an
/// attribute that counts nanoseconds (`lifeline.anatomy[launchTime > 400ms]`).
package enum ConditionValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case number(Double)
    case bool(Bool)
    case duration(RuleDuration)

    package var description: String {
        switch self {
        case .string(let value): return "\"\(value)\""
        case .number(let value):
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .bool(let value): return String(value)
        case .duration(let value): return value.description
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
        case (.int(let left), .duration(let right)): return left < right.nanoseconds ? -1 : (left > right.nanoseconds ? 1 : 0)
        case (.double(let left), .duration(let right)): return Self.order(left, Double(right.nanoseconds))
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
        case .duration: return nil
        }
    }

    static func order(_ left: Double, _ right: Double) -> Int { left < right ? -1 : (left > right ? 1 : 0) }

    /// Text order, or version order when both sides are dotted numbers (`17.4.1`).
    ///
    /// Runs for every launch a `when` tests and every event a condition tests, so it
    /// reads the bytes in place instead of splitting strings.
    static func order(text left: String, _ right: String) -> Int {
        var left = left
        var right = right
        let versions = left.withUTF8 { l in right.withUTF8 { r in versionOrder(l, r) } }
        if let versions { return versions }
        return left < right ? -1 : (left > right ? 1 : 0)
    }

    /// The order of two versions (up to 4 dot-separated decimal parts, missing parts 0);
    /// `nil` when either side is not a version.
    private static func versionOrder(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Int? {
        guard isVersion(left), isVersion(right) else { return nil }
        var l = 0
        var r = 0
        var order = 0
        while l < left.count || r < right.count {
            let (a, nextL) = part(left, from: l)
            let (b, nextR) = part(right, from: r)
            if order == 0 && a != b { order = a < b ? -1 : 1 }
            l = nextL
            r = nextR
        }
        return order
    }

    /// Whether bytes are 1–4 non-empty runs of at most 18 digits separated by dots.
    private static func isVersion(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var parts = 1
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0 else { return false }
                parts += 1
                digits = 0
            } else if byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") {
                digits += 1
                guard digits <= 18 else { return false }
            } else {
                return false
            }
        }
        return digits > 0 && parts <= 4
    }

    /// The value of the part starting at `start` (0 past the end) and where the next part starts.
    private static func part(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (Int, Int) {
        var value = 0
        var index = start
        while index < bytes.count, bytes[index] != UInt8(ascii: ".") {
            value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
            index += 1
        }
        return (value, index + 1)
    }
}
