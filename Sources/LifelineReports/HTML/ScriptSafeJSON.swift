import LifelineFormat

/// Compact JSON written for a `<script type="application/json">` element of an HTML page.
///
/// Everything in it may come from a trace, so strings are escaped for two readers at once:
/// JSON, and the HTML parser that must find the element's end. `<`, `>` and `&` become
/// `\u003c`, `\u003e`, `\u0026`, so no `</script>` or `<!--` can appear in the element's text
/// whatever a name, session or attribute holds; U+2028 and U+2029 become `\u2028`, `\u2029`
/// (older engines end a JavaScript string at them). Control characters are `\u00XX`.
///
/// ```swift
/// var json = ScriptSafeJSON()
/// json.string("</script><img onerror=alert(1)>")   // "\u003c/script\u003e\u003cimg onerror=alert(1)\u003e"
/// ```
package struct ScriptSafeJSON: Sendable {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    /// The JSON text written so far.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    package mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    package mutating func byte(_ byte: UInt8) { bytes.append(byte) }

    package mutating func append(_ other: ScriptSafeJSON) { bytes.append(contentsOf: other.bytes) }

    package mutating func int(_ value: Int64) {
        // Integers past 2^53 lose precision in JavaScript: written as strings so none is silently changed.
        if value > (1 << 53) || value < -(1 << 53) {
            string(String(value))
        } else {
            bytes.append(contentsOf: String(value).utf8)
        }
    }

    package mutating func int(_ value: Int) { int(Int64(value)) }

    package mutating func double(_ value: Double) {
        if value.isFinite {
            bytes.append(contentsOf: String(value).utf8)
        } else {
            raw("null")
        }
    }

    package mutating func bool(_ value: Bool) { value ? raw("true") : raw("false") }

    package mutating func null() { raw("null") }

    /// A string, or `null` for nil.
    package mutating func string(_ value: String?) {
        guard let value else { return null() }
        bytes.append(UInt8(ascii: "\""))
        for scalar in value.unicodeScalars {
            switch scalar.value {
            case 0x22: raw("\\\"")
            case 0x5C: raw("\\\\")
            case 0x0A: raw("\\n")
            case 0x0D: raw("\\r")
            case 0x09: raw("\\t")
            case 0x3C: raw("\\u003c")
            case 0x3E: raw("\\u003e")
            case 0x26: raw("\\u0026")
            case 0x2028: raw("\\u2028")
            case 0x2029: raw("\\u2029")
            case 0..<0x20, 0x7F:
                let hex: [UInt8] = Array("0123456789abcdef".utf8)
                raw("\\u00")
                bytes.append(hex[Int(scalar.value >> 4)])
                bytes.append(hex[Int(scalar.value & 0xF)])
            default:
                bytes.append(contentsOf: String(Character(scalar)).utf8)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// An event's attributes as an object, keys sorted.
    package mutating func attributes(_ attrs: Attributes) {
        byte(UInt8(ascii: "{"))
        for (index, key) in attrs.keys.sorted().enumerated() {
            if index > 0 { byte(UInt8(ascii: ",")) }
            string(key)
            byte(UInt8(ascii: ":"))
            switch attrs[key] {
            case .string(let value)?: string(value)
            case .int(let value)?: int(value)
            case .double(let value)?: double(value)
            case .bool(let value)?: bool(value)
            case .strings(let values)?:
                byte(UInt8(ascii: "["))
                for (position, value) in values.enumerated() {
                    if position > 0 { byte(UInt8(ascii: ",")) }
                    string(value)
                }
                byte(UInt8(ascii: "]"))
            case nil: null()
            }
        }
        byte(UInt8(ascii: "}"))
    }
}
