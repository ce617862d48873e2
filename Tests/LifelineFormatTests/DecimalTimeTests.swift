import LifelineFormat
import LifelineSupport
import Testing

@Suite("Decimal microseconds")
struct DecimalTimeTests {
    @Test(arguments: [
        (Int64(0), "0.000"), (2_010_000_125, "2010000.125"), (-1, "-0.001"), (999, "0.999"), (Int64.min, "-9223372036854775.808"),
        (Int64.max, "9223372036854775.807"),
    ])
    func nanosecondsPrintAsMicrosecondsWithThreeDecimals(_ nanoseconds: Int64, _ text: String) {
        #expect(DecimalTime.microseconds(nanoseconds) == text)
        #expect(DecimalTime.nanoseconds(microseconds: text) == nanoseconds)
    }

    @Test func randomTimesRoundTripExactly() {
        var random = SplitMix64(seed: 18)
        for _ in 0..<10_000 {
            let value = Int64(bitPattern: random.next())
            #expect(DecimalTime.nanoseconds(microseconds: DecimalTime.microseconds(value)) == value)
        }
    }

    @Test(arguments: [("1.5e3", Int64(1_500_000)), ("2010", 2_010_000), ("0.0004", 0), ("0.0005", 1), ("1E-3", 1), ("-3.5", -3500)])
    func otherToolsNumbersReadToTheNearestNanosecond(_ text: String, _ nanoseconds: Int64) {
        #expect(DecimalTime.nanoseconds(microseconds: text) == nanoseconds)
    }

    @Test(arguments: ["", "-", "abc", "1.2.3", "99999999999999999999", "1e40", "1x"])
    func textThatIsNotATimeIsRefused(_ text: String) {
        #expect(DecimalTime.nanoseconds(microseconds: text) == nil)
    }
}
