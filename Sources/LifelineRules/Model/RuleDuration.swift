/// A time span in a rule (`2s`, `500ms`), in nanoseconds like trace times.
public struct RuleDuration: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The span in nanoseconds.
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) { self.nanoseconds = nanoseconds }

    public static func seconds(_ seconds: Double) -> RuleDuration {
        RuleDuration(nanoseconds: Int64((seconds * 1e9).rounded()))
    }

    public static func milliseconds(_ milliseconds: Int64) -> RuleDuration {
        RuleDuration(nanoseconds: milliseconds * 1_000_000)
    }

    public static func < (lhs: RuleDuration, rhs: RuleDuration) -> Bool { lhs.nanoseconds < rhs.nanoseconds }

    /// The shortest exact spelling: `2s`, `1.5s`, `250ms`, `40us`, `7ns`.
    public var description: String {
        let units: [(Int64, String)] = [(60_000_000_000, "min"), (1_000_000_000, "s"), (1_000_000, "ms"), (1_000, "us")]
        for (size, unit) in units where nanoseconds >= size {
            if nanoseconds % size == 0 { return "\(nanoseconds / size)\(unit)" }
            if unit == "s" || unit == "min" {
                let value = Double(nanoseconds) / Double(size)
                let text = String(value)
                if Double(text).map({ Int64(($0 * Double(size)).rounded()) == nanoseconds }) == true {
                    return text + unit
                }
            }
        }
        return "\(nanoseconds)ns"
    }
}
