import Core
import Platform
import Testing
import Widgets
@testable import ConfigLoading

/// "Did you mean" over long lists (the ~1,650 icon names) with names a hostile or broken config can
/// hold: a wrong name thousands of characters long must get its located error at once, not after
/// seconds on the loop (issue 42 item 9), and short typos must still get their suggestion.
@Suite("Did-you-mean, bounded")
struct SuggestionBoundTests {
    /// The optimal-string-alignment distance over the whole table: what the banded search must match.
    static func fullDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }

    @Test("The banded distance is the full table's wherever that is within the bound, and nil beyond it")
    func bandedMatchesFull() {
        let words = [
            "", "a", "ab", "ba", "abc", "acb", "kitten", "sitting", "lightbulb", "ligthbulb", "thermometer",
            "thermostat", "home", "hoem", "xyzzy", "lightbulb-outline",
        ]
        for a in words {
            for b in words {
                let x = Array(a.unicodeScalars), y = Array(b.unicodeScalars)
                let full = Self.fullDistance(x, y)
                for bound in 0...6 {
                    #expect(
                        Validator.editDistance(x, y, within: bound) == (full <= bound ? full : nil),
                        "\(a) → \(b) within \(bound)")
                }
            }
        }
    }

    @Test("Short typos still get the nearest name, the first of equals, or a prefix")
    func suggestions() {
        let names = ["label", "level", "lamp", "lightbulb", "lightbulb-outline", "thermometer"]
        #expect(Validator.suggestion(for: "lable", among: names) == "label")
        #expect(Validator.suggestion(for: "ligthbulb", among: names) == "lightbulb")
        #expect(Validator.suggestion(for: "THERMOMETRE", among: names) == "thermometer")
        #expect(Validator.suggestion(for: "lightbulb-outlin", among: names) == "lightbulb-outline")
        #expect(Validator.suggestion(for: "lightbulbs-and-more", among: names) == "lightbulb")
        #expect(Validator.suggestion(for: "qqqq", among: names) == nil)
    }

    @Test(
        "A 3,000-character wrong icon name gets its located error at once; a 100,000-character word its answer from the real name list"
    )
    func longWrongIconName() throws {
        let name = String(repeating: "lightbulbx", count: 300)
        var started = monotonicNow()
        let found = errors(IconConfigTests.button("mdi:" + name))
        var took = monotonicNow() - started
        let line = try #require(found.first)
        #expect(found.count == 1 && line.contains("icon: expected one of the") && line.contains("icon names"))
        // Stall guards, generous for a loaded machine: the unbounded search took seconds.
        #expect(took < 1, "3,000 characters took \(took) s")
        let css = try #require(FileIO.read(IconConfig.debianNames, limit: IconConfig.namesLimit))
        let names = IconNames(css: String(decoding: css, as: UTF8.self)).names
        #expect(names.count > 1000)
        started = monotonicNow()
        #expect(Validator.suggestion(for: String(repeating: "qz", count: 50_000), among: names) == nil)
        took = monotonicNow() - started
        #expect(took < 1, "100,000 characters took \(took) s")
        // The ordinary typo keeps its suggestion from the real list.
        let typo = try #require(errors(IconConfigTests.button("mdi:lightbulb-outlin")).first)
        #expect(typo.hasSuffix("did you mean \"mdi:lightbulb-outline\"?"), "\(typo)")
    }
}
