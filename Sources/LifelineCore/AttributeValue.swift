/// A value in an event's `attrs` object.
///
/// Trace format v1 allows strings, numbers, booleans and arrays of strings.
/// The literal conformances let attributes read naturally at the call site:
///
/// ```swift
/// recorder.mark("db.open", attrs: ["path": "notes.sqlite", "pages": 120, "wal": true])
/// ```
public enum AttributeValue: Sendable, Hashable, CustomStringConvertible {
    case string(String)
    case int(Int64)
    case double(Double)
    case bool(Bool)
    case strings([String])

    /// The string payload, if this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The numeric payload as a `Double`, if this is a number.
    public var numberValue: Double? {
        switch self {
        case .int(let value): return Double(value)
        case .double(let value): return value
        default: return nil
        }
    }

    /// The array payload, if this is an array of strings.
    public var stringsValue: [String]? {
        if case .strings(let value) = self { return value }
        return nil
    }

    public var description: String {
        switch self {
        case .string(let value): return value
        case .int(let value): return String(value)
        case .double(let value): return String(value)
        case .bool(let value): return String(value)
        case .strings(let value): return "[" + value.joined(separator: ", ") + "]"
        }
    }
}

/// The attributes of an event: a JSON object of ``AttributeValue``s.
public typealias Attributes = [String: AttributeValue]

// MARK: - Literals

extension AttributeValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int64) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: String...) { self = .strings(elements) }
}
