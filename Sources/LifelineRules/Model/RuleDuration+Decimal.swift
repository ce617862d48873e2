import LifelineCore

// MARK: - Durations from decimal text

extension RuleDuration {
    /// What a decimal number of some unit comes to in whole nanoseconds.
    enum Conversion: Hashable, Sendable {
        /// The value, rounded half away from zero to a whole nanosecond (possibly 0).
        case exact(Int64)
        /// The value is `Int64.max` nanoseconds or more (no trace clock reading could be that far apart).
        case tooLong
        /// Not digits with at most one decimal point.
        case malformed
    }

    /// Converts `decimal` (`"1.5"`, `"250"`, `".5"` is malformed) times `scale` nanoseconds with integer
    /// arithmetic only, so every value that fits is exact and every value that does not is reported.
    ///
    /// Fraction digits past the seventeenth are too small to change the rounded result
    /// for any unit up to a minute (`scale` ≤ 6·10¹⁰) except at an exact half, and are ignored.
    static func nanoseconds(decimal: Substring, scale: Int64) -> Conversion {
        let bytes = Array(decimal.utf8)
        let point = bytes.firstIndex(of: UInt8(ascii: "."))
        let whole = bytes[..<(point ?? bytes.endIndex)]
        let fraction = point.map { bytes[($0 + 1)...] } ?? []
        let isDigit: (UInt8) -> Bool = { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        guard !whole.isEmpty, point == nil || !fraction.isEmpty, scale > 0,
            whole.allSatisfy(isDigit), fraction.allSatisfy(isDigit)
        else { return .malformed }

        var units: Int64 = 0
        for digit in whole {
            let (times10, overflow) = units.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times10.addingReportingOverflow(Int64(digit - UInt8(ascii: "0")))
            if overflow || carry { return .tooLong }
            units = sum
        }
        let (wholeNanoseconds, overflow) = units.multipliedReportingOverflow(by: scale)
        if overflow { return .tooLong }

        var numerator: Int64 = 0
        var denominator: Int64 = 1
        for digit in fraction.prefix(17) {
            numerator = numerator * 10 + Int64(digit - UInt8(ascii: "0"))
            denominator *= 10
        }
        // numerator < denominator ≤ 10^17, so the quotient is below `scale` and fits.
        let (quotient, remainder) = denominator.dividingFullWidth(scale.multipliedFullWidth(by: numerator))
        let fractionNanoseconds = remainder * 2 >= denominator ? quotient + 1 : quotient
        let (total, carry) = wholeNanoseconds.addingReportingOverflow(fractionNanoseconds)
        if carry || total == .max { return .tooLong }
        return .exact(total)
    }
}
