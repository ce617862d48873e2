/// A time span in a rule (`2s`, `500ms`), in nanoseconds like trace times.
package struct RuleDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The span in nanoseconds.
    package var nanoseconds: Int64

    package init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    /// `seconds` rounded to a nanosecond, clamped to `0...Int64.max` nanoseconds (NaN is 0).
    package static func seconds(_ seconds: Double) -> RuleDuration {
        let nanoseconds = (seconds * 1e9).rounded()
        guard nanoseconds > 0 else { return RuleDuration(nanoseconds: 0) }
        return RuleDuration(nanoseconds: nanoseconds < 0x1p63 ? Int64(nanoseconds) : .max)
    }

    /// `milliseconds`, saturating at the ends of `Int64` nanoseconds.
    package static func milliseconds(_ milliseconds: Int64) -> RuleDuration {
        let (nanoseconds, overflow) = milliseconds.multipliedReportingOverflow(by: 1_000_000)
        return RuleDuration(nanoseconds: overflow ? (milliseconds < 0 ? .min : .max) : nanoseconds)
    }

    package static func < (lhs: RuleDuration, rhs: RuleDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The shortest exact spelling: `2s`, `1.5s`, `250ms`, `40us`, `7ns`.
    package var description: String {
        let units: [(Int64, String)] = [(60_000_000_000, "min"), (1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "us")]
        for (size, unit) in units where nanoseconds >= size {
            if nanoseconds % size == 0 { return "\(nanoseconds / size)\(unit)" }
            if unit == "s" || unit == "min" {
                let value = Double(nanoseconds) / Double(size)
                let text = String(value)
                // `Int64(exactly:)`: near Int64.max the product rounds to 2^63, which `Int64(_:)` traps on.
                if Double(text).map({ Int64(exactly: ($0 * Double(size)).rounded()) == nanoseconds }) == true {
                    return text + unit
                }
            }
        }
        return "\(nanoseconds)ns"
    }
}
