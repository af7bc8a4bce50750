import Testing
@testable import Core

@Suite("Number formatting")
struct NumberFormatTests {
    @Test("Whole numbers print without a fraction, others in shortest form", arguments: [
        (35.0, "35"), (-2.0, "-2"), (0.0, "0"), (-0.0, "0"), (21.5, "21.5"), (-0.25, "-0.25"), (1e-7, "1e-07"),
        (999_999_999_999_999.0, "999999999999999"), (1e15, "1000000000000000.0"), (1e16, "1e+16"),
        (Double.infinity, "inf"), (-Double.infinity, "-inf"),
    ])
    func plain(value: Double, text: String) {
        #expect(NumberFormat.plain(value) == text)
    }

    @Test("NaN is spelled as Swift spells it")
    func notANumber() { #expect(NumberFormat.plain(.nan) == "nan") }
}
