import Foundation

/// How Lifeline prints an SQLite `REAL`: the one place that decides it for every table.
///
/// Three forms, for three audiences:
///
/// ```swift
/// RealText.exact(1.5e20)      // "1.5e+20"   (the REPL: the sqlite3 shell's form since 3.47)
/// RealText.exact(0.1 + 0.2)   // "0.30000000000000004"
/// RealText.exact(-0.0)        // "0.0"
/// RealText.literal(3.0)       // "3.0"       (SQL literals: `.mode quote` and `insert`)
/// RealText.literal(.infinity) // "1e999"
/// RealText.rounded(151.6)     // "151.6"     (the demo's tables and saved queries: no exponents)
/// ```
package enum RealText {
    /// The text the `sqlite3` shell (3.53) prints for a real: SQLite's `%!.17g`.
    ///
    /// Up to 17 significant digits, fewer when fewer read back as the same double (`0.1`, `4.35`);
    /// a `.0` on a whole mantissa; an exponent from 1e17 up and below 1e-4 (`1.0e+17`, `1.0e-05`);
    /// `0.0` for negative zero; `NaN`, `Inf` and `-Inf` for values SQLite itself cannot hold but a
    /// computation can produce.
    ///
    /// SQLite finds the digits its own way, which this follows (the recorded outputs of sqlite3
    /// 3.53 in `Tests/LifelineCLITests/Sqlite353` are the reference): 18 significant digits
    /// rounded to 17, so the 17th digit can differ from C's `%.17g` by one (`1.0/3` prints
    /// `0.33333333333333332`, where `%.17g` says `…331`); and when the 15th and 16th of the 18 are
    /// both 9, or both 0 with the 14th, or the number is a whole one of 18 digits or more, the
    /// shorter number those digits round to is printed if it reads back as the same double.
    package static func exact(_ real: Double) -> String {
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Inf" : "Inf" }
        if real == 0 { return "0.0" }
        var decimal = SQLiteDigits(real.magnitude)
        decimal.shorten(matching: real.magnitude)
        return (real < 0 ? "-" : "") + decimal.formatted
    }

    /// The real as an SQL literal that reads back as the same value: ``exact(_:)``, with
    /// infinities as `1e999` and `-1e999` (which SQLite reads as infinities; sqlite3's `Inf` is
    /// no SQL) and NaN as `NULL` (what SQLite stores for it).
    package static func literal(_ real: Double) -> String {
        if real.isInfinite { return real < 0 ? "-1e999" : "1e999" }
        if real.isNaN { return "NULL" }
        return exact(real)
    }

    /// What `sqlite3` prints for a rounded real, without exponents: one decimal for whole
    /// numbers, else up to six with trailing zeros dropped.
    package static func rounded(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(format: "%.1f", number) }
        var text = String(format: "%.6f", number)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// A positive finite double as significant decimal digits and the position of the decimal point.
private struct SQLiteDigits {
    /// The digits, most significant first, each 0...9.
    var digits: [Int]
    /// How many digits come before the decimal point (negative: zeros after the point first).
    var point: Int

    /// The double rounded to 18 or 19 significant digits, as SQLite rounds it first.
    ///
    /// SQLite scales the double by a power of ten chosen from its binary exponent
    /// (`floor(exponent * 78913 / 2^18)`, about its decimal exponent) and rounds to a whole
    /// number: 18 digits when the estimate is right, 19 when the double is a decade larger.
    init(_ magnitude: Double) {
        let estimate = (Int(magnitude.exponent) * 78913) >> 18
        let decade = Int(String(format: "%.17e", magnitude).split(separator: "e")[1]) ?? estimate
        let count = decade > estimate ? 19 : 18
        // "%.Ne": one digit, a point, N more, then the exponent: exact in every C library Swift runs on.
        let text = String(format: "%.\(count - 1)e", magnitude)
        let parts = text.split(separator: "e")
        digits = parts[0].utf8.filter { $0 != UInt8(ascii: ".") }.map { Int($0) - 48 }
        point = (Int(parts[1]) ?? 0) + 1
    }

    /// Rounds to 17 digits, or fewer when a shorter number reads back as `magnitude`, and drops trailing zeros.
    mutating func shorten(matching magnitude: Double) {
        var keep = 17
        if digits[15] == 9 && digits[14] == 9 {
            // ...x999...: does x+1 followed by zeros read back?
            var start = 14
            while start > 0 && digits[start - 1] == 9 { start -= 1 }
            let mantissa = start == 0 ? "1" : String(Self.number(digits[..<start]) + 1)
            if Double("\(mantissa)e\(point - start)") == magnitude { keep = start + 1 }
        } else if point >= digits.count || (digits[15] == 0 && digits[14] == 0 && digits[13] == 0) {
            // ...x000...: do the digits before the zeros read back?
            var end = 13
            while end > 1 && digits[end - 1] == 0 { end -= 1 }
            if Double("\(Self.number(digits[..<end]))e\(point - end)") == magnitude { keep = end + 1 }
        }
        let roundsUp = digits[keep] >= 5
        digits.removeSubrange(keep...)
        if roundsUp {
            var index = keep - 1
            while index >= 0 {
                digits[index] += 1
                if digits[index] <= 9 { break }
                digits[index] = 0
                index -= 1
            }
            if index < 0 {
                digits.insert(1, at: 0)
                point += 1
            }
        }
        while digits.count > 1 && digits.last == 0 { digits.removeLast() }
    }

    /// `%!.17g`'s layout: fixed-point from 1e-4 up to 1e17, else an exponent of at least two digits.
    var formatted: String {
        let text = digits.map(String.init).joined()
        let exponent = point - 1
        if exponent < -4 || exponent > 16 {
            let fraction = digits.count > 1 ? String(text.dropFirst()) : "0"
            let sign = exponent < 0 ? "-" : "+"
            let power = String(exponent.magnitude)
            return text.prefix(1) + "." + fraction + "e" + sign + (power.count < 2 ? "0" + power : power)
        }
        if point <= 0 { return "0." + String(repeating: "0", count: -point) + text }
        if point >= digits.count { return text + String(repeating: "0", count: point - digits.count) + ".0" }
        return text.prefix(point) + "." + text.dropFirst(point)
    }

    private static func number(_ digits: ArraySlice<Int>) -> Int64 {
        digits.reduce(0) { $0 * 10 + Int64($1) }
    }
}
