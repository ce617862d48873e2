/// RFC 3339 times as trace files write them (`2026-11-21T10:00:00.000Z`).
///
/// Implemented by hand so the format module needs no date formatter and the
/// same text always round-trips.
public enum Timestamp {
    /// Why a text is not a time this module can hold.
    public enum Failure: Error, Hashable, Sendable {
        /// The text is not an RFC 3339 date-time.
        case malformed
        /// A valid RFC 3339 date-time outside ``representable`` (nanoseconds since 1970 must fit in `Int64`).
        case outOfRange
    }

    /// The times nanoseconds since 1970 in an `Int64` can hold, as RFC 3339 text.
    public static let representable = "1677-09-21T00:12:43.145224192Z...2262-04-11T23:47:16.854775807Z"

    /// Parses an RFC 3339 date-time with `Z` or a numeric offset.
    ///
    /// Returns nanoseconds since 1970-01-01T00:00:00Z, or `nil` when `text`
    /// is not an RFC 3339 date-time or lies outside ``representable``.
    public static func parse(_ text: String) -> Int64? {
        try? nanoseconds(text)
    }

    /// Parses an RFC 3339 date-time with `Z` or a numeric offset, saying why it cannot when it cannot.
    ///
    /// A year such as 1600 or 3000 is valid RFC 3339 but overflows `Int64`
    /// nanoseconds; it is ``Failure/outOfRange`` rather than a trap, since the text
    /// comes from a trace file and a trace file can hold anything.
    public static func nanoseconds(_ text: String) throws(Failure) -> Int64 {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for _ in 0..<digits {
                guard isDigit(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func literal(_ characters: Set<UInt8>) -> Bool {
            guard index < bytes.count, characters.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard let year = number(4), literal([UInt8(ascii: "-")]), let month = number(2), literal([UInt8(ascii: "-")]),
            let day = number(2), literal([UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")]),
            let hour = number(2), literal([UInt8(ascii: ":")]), let minute = number(2),
            literal([UInt8(ascii: ":")]), let second = number(2)
        else { throw .malformed }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day), hour < 24, minute < 60,
            second <= 60
        else { throw .malformed }
        var nanoseconds: Int64 = 0
        if literal([UInt8(ascii: ".")]) {
            var scale: Int64 = 100_000_000
            let fractionStart = index
            while index < bytes.count, isDigit(bytes[index]) {
                nanoseconds += Int64(bytes[index] - UInt8(ascii: "0")) * scale
                scale /= 10
                index += 1
            }
            guard index > fractionStart else { throw .malformed }
        }
        var offsetSeconds = 0
        if literal([UInt8(ascii: "Z"), UInt8(ascii: "z")]) {
            offsetSeconds = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let offsetHours = number(2), literal([UInt8(ascii: ":")]), let offsetMinutes = number(2),
                offsetHours < 24, offsetMinutes < 60
            else { throw .malformed }
            offsetSeconds = sign * (offsetHours * 3600 + offsetMinutes * 60)
        } else {
            throw .malformed
        }
        guard index == bytes.count else { throw .malformed }
        // Four-digit years keep days and seconds far inside Int64; only the nanoseconds can overflow.
        let days = daysFromCivil(year: year, month: month, day: day)
        var seconds = Int64(days) * 86_400 + Int64(hour * 3600 + minute * 60 + second) - Int64(offsetSeconds)
        if seconds < 0 && nanoseconds > 0 {
            // Borrow a second so the product stays in range down to Int64.min itself.
            seconds += 1
            nanoseconds -= 1_000_000_000
        }
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(nanoseconds)
        guard !overflow && !carry else { throw .outOfRange }
        return total
    }

    /// Formats nanoseconds since 1970 as `YYYY-MM-DDTHH:MM:SS.mmmZ`.
    ///
    /// Every `Int64` formats, `Int64.min` included: the floor division below
    /// never computes a value outside `Int64`.
    public static func format(nanosecondsSince1970 nanoseconds: Int64) -> String {
        var seconds = nanoseconds / 1_000_000_000
        var remainder = nanoseconds % 1_000_000_000
        if remainder < 0 {
            seconds -= 1
            remainder += 1_000_000_000
        }
        let milliseconds = remainder / 1_000_000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = civilFromDays(Int(days))
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(Int(secondOfDay / 3600), 2)):"
            + "\(pad(Int(secondOfDay % 3600 / 60), 2)):\(pad(Int(secondOfDay % 60), 2)).\(pad(Int(milliseconds), 3))Z"
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civilFromDays(_ days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
