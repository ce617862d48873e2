import LifelineTerminal
import Testing

@Suite("REAL numbers")
struct RealTextTests {
    @Test(
        "exact text is sqlite3's, with the digits it needs to read back as the same double",
        arguments: [
            (1.0, "1.0"), (0.25, "0.25"), (1.5e20, "1.5e+20"), (1e20, "1.0e+20"), (0.1, "0.1"), (-2.5, "-2.5"),
            (1.5e-7, "1.5e-07"), (100.0 / 3, "33.333333333333336"), (0.1 + 0.2, "0.30000000000000004"),
            (123456789012345678.0, "1.2345678901234568e+17"),
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
            (Double.infinity, "1e999"), (-Double.infinity, "-1e999"),
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
