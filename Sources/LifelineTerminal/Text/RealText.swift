import Foundation

/// How Lifeline prints an SQLite `REAL`: the one place that decides it for every table.
///
/// Two forms, for two audiences:
///
/// ```swift
/// RealText.exact(1.5e20)      // "1.5e+20"  (the REPL: shortest text that reads back as the same double)
/// RealText.exact(.nan)        // "NaN"
/// RealText.rounded(151.6)     // "151.6"    (the demo's tables and saved queries: no exponents)
/// RealText.rounded(3.0)       // "3.0"
/// ```
package enum RealText {
    /// The shortest text that round-trips to the same value, as the `sqlite3` shell shows reals;
    /// `NaN`, `Inf` and `-Inf` for values SQLite itself cannot hold but a computation can produce.
    package static func exact(_ real: Double) -> String {
        if real.isNaN { return "NaN" }
        if real.isInfinite { return real < 0 ? "-Inf" : "Inf" }
        return "\(real)"
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
