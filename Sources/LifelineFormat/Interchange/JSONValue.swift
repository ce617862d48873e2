/// A JSON value read from a foreign trace (Chrome trace JSON, `log show --style json`), with the
/// line each object starts on so diagnostics and imported events can point back at the file.
///
/// Numbers keep their text: a Chrome timestamp such as `2010.125` (microseconds) becomes
/// nanoseconds exactly, with no trip through `Double`.
public indirect enum JSONValue: Sendable, Hashable {
    case object(JSONObject)
    case array([JSONValue])
    case string(String)
    case number(String)
    case bool(Bool)
    case null

    /// The string payload, if this is a string.
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The object payload, if this is an object.
    public var object: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The array payload, if this is an array.
    public var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// A whole number (`42`, `"42"`, `42.0`), if it is one that fits `Int64`.
    public var integer: Int64? {
        switch self {
        case .number(let text), .string(let text):
            if let value = Int64(text) { return value }
            return DecimalTime.nanoseconds(microseconds: text).flatMap { $0 % 1000 == 0 ? $0 / 1000 : nil }
        default: return nil
        }
    }

    /// The value as an event attribute: strings, numbers, booleans and arrays of strings as they
    /// are, anything else as its JSON text.
    public var attribute: AttributeValue {
        switch self {
        case .string(let value): return .string(value)
        case .bool(let value): return .bool(value)
        case .number(let text):
            if let value = Int64(text) { return .int(value) }
            if let value = Double(text), value.isFinite { return .double(value) }
            return .string(text)
        case .array(let items):
            let strings = items.compactMap(\.string)
            if strings.count == items.count { return .strings(strings) }
            return .string(jsonText)
        case .object, .null:
            return .string(jsonText)
        }
    }

    /// The value written back as compact JSON.
    public var jsonText: String {
        var output: [UInt8] = []
        write(to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    func write(to output: inout [UInt8]) {
        switch self {
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                TraceEncoder.string(member.key, &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let items):
            output.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                item.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let value): TraceEncoder.string(value, &output)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .null: output.append(contentsOf: "null".utf8)
        }
    }
}

/// A JSON object: its members in file order, and where it starts.
public struct JSONObject: Sendable, Hashable {
    public var members: [(key: String, value: JSONValue)]
    /// The 1-based line and column (UTF-8 bytes) of its `{`.
    public var line: Int
    public var column: Int

    public init(members: [(key: String, value: JSONValue)], line: Int, column: Int) {
        self.members = members
        self.line = line
        self.column = column
    }

    /// The first member named `key`.
    public subscript(key: String) -> JSONValue? {
        for member in members where member.key == key { return member.value }
        return nil
    }

    public static func == (lhs: JSONObject, rhs: JSONObject) -> Bool {
        lhs.line == rhs.line && lhs.column == rhs.column && lhs.members.count == rhs.members.count
            && zip(lhs.members, rhs.members).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(line)
        hasher.combine(column)
        for member in members { hasher.combine(member.key) }
    }
}
