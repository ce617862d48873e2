/// Exact conversions between nanoseconds and the decimal microseconds of the Trace Event Format.
///
/// `ts` and `dur` are microseconds; Lifeline's times are nanoseconds, so three decimals hold them
/// exactly: 2 010 000 125 ns is `2010000.125`. Parsing goes digit by digit (never through `Double`),
/// and refuses what does not fit `Int64` rather than trapping.
public enum DecimalTime {
    /// `nanoseconds` as microseconds with three decimals (`-0.001`, `2010.125`).
    public static func microseconds(_ nanoseconds: Int64) -> String {
        let magnitude = nanoseconds.magnitude
        let fraction = String(magnitude % 1000)
        let padded = String(repeating: "0", count: 3 - fraction.count) + fraction
        return (nanoseconds < 0 ? "-" : "") + String(magnitude / 1000) + "." + padded
    }

    /// Nanoseconds from decimal microseconds (`2010`, `2010.125`, `-3.5`, `1.5e3`), rounded to the
    /// nearest nanosecond; `nil` for text that is not a number or does not fit `Int64`.
    public static func nanoseconds(microseconds text: String) -> Int64? {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        var digits: [UInt8] = []
        var pointAt: Int?
        var exponent = 0
        var sawDigit = false
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            if byte &- UInt8(ascii: "0") < 10 {
                digits.append(byte - UInt8(ascii: "0"))
                sawDigit = true
            } else if byte == UInt8(ascii: "."), pointAt == nil {
                pointAt = digits.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                var rest = String(decoding: Array(IteratorSequence(iterator)), as: UTF8.self)
                if rest.hasPrefix("+") { rest.removeFirst() }
                guard let value = Int(rest), abs(value) < 40 else { return nil }
                exponent = value
                break
            } else {
                return nil
            }
        }
        guard sawDigit else { return nil }
        // Nanoseconds: the point moves three places right, then by the exponent.
        let integerDigits = (pointAt ?? digits.count) + 3 + exponent
        // The magnitude in UInt64: Int64.min's has no positive Int64.
        var value: UInt64 = 0
        for position in 0..<max(integerDigits, 0) {
            let digit = position < digits.count ? UInt64(digits[position]) : 0
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, carry) = shifted.addingReportingOverflow(digit)
            guard !overflow, !carry else { return nil }
            value = sum
        }
        if integerDigits >= 0, integerDigits < digits.count, digits[integerDigits] >= 5 {
            let (rounded, overflow) = value.addingReportingOverflow(1)
            guard !overflow else { return nil }
            value = rounded
        }
        if negative {
            guard value <= Int64.min.magnitude else { return nil }
            return value == Int64.min.magnitude ? Int64.min : -Int64(value)
        }
        guard value <= UInt64(Int64.max) else { return nil }
        return Int64(value)
    }
}
