import LifelineTerminal
import Testing

@Suite("REAL numbers")
struct RealTextTests {
    @Test(
        "exact text is what sqlite3 3.53 prints, and reads back as the same double",
        arguments: [
            // Printed by sqlite3 3.53.4: SELECT 1.0, 0.25, ..., 1.7976931348623157e308;
            (1.0, "1.0"), (0.25, "0.25"), (1.5e20, "1.5e+20"), (1e20, "1.0e+20"), (0.1, "0.1"), (-2.5, "-2.5"),
            (1.5e-7, "1.5e-07"), (100.0 / 3, "33.333333333333336"), (0.1 + 0.2, "0.30000000000000004"),
            (123456789012345678.0, "1.2345678901234568e+17"), (1.0 / 3, "0.33333333333333332"), (4.35, "4.35"),
            (1e16, "10000000000000000.0"), (1e17, "1.0e+17"), (-0.0, "0.0"), (1e-5, "1.0e-05"), (0.0001, "0.0001"),
            (9007199254740993.0, "9007199254740992.0"), (2e15, "2000000000000000.0"), (49.47, "49.47"),
            (Double.leastNonzeroMagnitude, "4.9406564584124654e-324"), (1.7976931348623157e308, "1.7976931348623157e+308"),
            (Double.nan, "NaN"), (Double.infinity, "Inf"), (-Double.infinity, "-Inf"),
        ])
    func exact(_ value: Double, _ expected: String) {
        #expect(RealText.exact(value) == expected)
        if value.isFinite { #expect(Double(RealText.exact(value)) == value) }
    }

    @Test(
        "an SQL literal reads back as the same value, infinities included",
        arguments: [
            (1.0, "1.0"), (2e15, "2000000000000000.0"), (1e20, "1.0e+20"), (2.5, "2.5"), (-0.0, "0.0"),
            (Double.infinity, "1e999"), (-Double.infinity, "-1e999"), (Double.nan, "NULL"),
        ])
    func literal(_ value: Double, _ expected: String) {
        #expect(RealText.literal(value) == expected)
    }

    @Test(
        "rounded text has one decimal for whole numbers and no exponents",
        arguments: [
            (151.6, "151.6"), (3.0, "3.0"), (0.0, "0.0"), (2700131.25, "2700131.25"),
            (0.1234567, "0.123457"),
        ])
    func rounded(_ value: Double, _ expected: String) {
        #expect(RealText.rounded(value) == expected)
    }
}
