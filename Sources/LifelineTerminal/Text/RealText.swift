import Foundation

/// How Lifeline prints an SQLite `REAL`: the one place that decides it for every table.
///
/// Three forms, for three audiences:
///
/// ```swift
/// RealText.exact(1.5e20)      // "1.5e+20"   (the REPL: sqlite3's form, with the digits to read back the same double)
/// RealText.exact(0.1 + 0.2)   // "0.30000000000000004"
/// RealText.literal(3.0)       // "3.0"       (SQL literals: `.mode quote` and `insert`)
/// RealText.literal(.infinity) // "1e999"
/// RealText.rounded(151.6)     // "151.6"     (the demo's tables and saved queries: no exponents)
/// ```
package enum RealText {
    /// The `sqlite3` shell's text for a real (`%!.15g`: 15 significant digits, a `.0` on a whole
    /// mantissa, `1.0e+20`), with 16 or 17 digits when 15 would not read back as the same value,
    /// so nothing is lost; `NaN`, `Inf` and `-Inf` for values SQLite itself cannot hold but a
    /// computation can produce.
    package static func exact(_ real: Double) -> String {
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Inf" : "Inf" }
        for digits in 15...17 {
            let text = String(format: "%.\(digits)g", real)
            if digits == 17 || Double(text) == real { return withPoint(text) }
        }
        return "\(real)"
    }

    /// The real as an SQL literal that reads back as the same value: whole numbers that fit an
    /// integer as `N.0` (as sqlite3's `.mode insert` prints them), infinities as `1e999` and
    /// `-1e999` (which SQLite reads as infinities), else ``exact(_:)``.
    package static func literal(_ real: Double) -> String {
        if real.isInfinite { return real < 0 ? "-1e999" : "1e999" }
        if real.isNaN { return "NULL" }
        if real == real.rounded(), abs(real) < 9.2e18, let whole = Int64(exactly: real) { return "\(whole).0" }
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

    /// `%g` text with a decimal point in its mantissa, as SQLite's `!` flag gives: `1` is `1.0`, `1e+20` is `1.0e+20`.
    private static func withPoint(_ text: String) -> String {
        let mantissa = text.prefix { $0 != "e" }
        guard !mantissa.contains(".") else { return text }
        return mantissa + ".0" + text.dropFirst(mantissa.count)
    }
}
