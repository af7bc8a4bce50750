import Testing
@testable import Core

@Suite("Number formatting")
struct NumberFormatTests {
    @Test(
        "Whole numbers print as integers (negative zero as 0), others in their shortest form",
        arguments: [
            (35.0, "35"), (-2.0, "-2"), (0.0, "0"), (-0.0, "0"), (999_999_999_999_999.0, "999999999999999"),
            (21.5, "21.5"), (-0.25, "-0.25"),
        ])
    func plain(value: Double, text: String) {
        #expect(NumberFormat.plain(value) == text)
    }

    @Test("Every finite number reads back as itself; below the limit a whole one is an integer, from it on never")
    func readsBack() {
        // A fixed xorshift sequence: any bit pattern, integers of every magnitude, eighths.
        var bits: UInt64 = 0x2545_F491_4F6C_DD1D
        var wrong: [String] = []
        var wholes = 0
        for i in 0..<20_000 {
            bits ^= bits << 13; bits ^= bits >> 7; bits ^= bits << 17
            let signed = Int64(bitPattern: bits)
            for d in [Double(bitPattern: bits), Double(signed >> (i % 64)), Double(signed % 1000) / 8] where d.isFinite
            {
                let text = NumberFormat.plain(d)
                if Double(text) != d { wrong.append("\(d) → \(text)") }
                let whole = d == d.rounded() && abs(d) < NumberFormat.wholeNumberLimit
                if whole { wholes += 1 }
                // A hook or script reading an integer gets one exactly when the value is a whole number it can trust.
                if whole != (Int64(text) != nil) { wrong.append("\(d) → \(text): integer text \(!whole)") }
            }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(wholes > 10_000, "the sequence reaches whole numbers")
    }

    @Test("fixed writes exactly the asked decimals, rounding half away from zero; no sign on a zero")
    func fixedDecimals() {
        #expect(NumberFormat.fixed(37, decimals: 1) == "37.0")
        #expect(NumberFormat.fixed(2.345, decimals: 2) == "2.35" || NumberFormat.fixed(2.345, decimals: 2) == "2.34")
        #expect(NumberFormat.fixed(-1.25, decimals: 1) == "-1.3")
        #expect(NumberFormat.fixed(0.05, decimals: 2) == "0.05")
        #expect(NumberFormat.fixed(-0.04, decimals: 1) == "0.0")
        #expect(NumberFormat.fixed(93.6, decimals: 0) == "94")
        #expect(NumberFormat.fixed(.nan, decimals: 1) == nil)
        #expect(NumberFormat.fixed(1e17, decimals: 2) == NumberFormat.plain(1e17), "decimals mean nothing there")
    }
}
