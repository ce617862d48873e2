import LifelineTerminal
import Testing

@Suite("REAL numbers")
struct RealTextTests {
    @Test(
        "exact text is the shortest that reads back as the same double",
        arguments: [
            (1.0, "1.0"), (0.25, "0.25"), (1.5e20, "1.5e+20"), (0.1, "0.1"), (-2.5, "-2.5"),
            (Double.nan, "NaN"), (Double.infinity, "Inf"), (-Double.infinity, "-Inf"),
        ])
    func exact(_ value: Double, _ expected: String) {
        #expect(RealText.exact(value) == expected)
        if value.isFinite { #expect(Double(RealText.exact(value)) == value) }
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
