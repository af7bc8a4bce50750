import Glibc
import Testing

/// Keeps the coverage tables true: every spec ID has a row, and every row that names tests points at
/// an ID that some `@Test` name in this folder really mentions.
@Suite("Spec coverage tables")
struct SpecCoverageTests {
    static let families: [(prefix: String, count: Int)] = [("MS", 90), ("CS", 24), ("RVS", 75), ("NP", 52), ("X", 12)]

    static var folder: String { String(#filePath).split(separator: "/").dropLast().reduce("") { $0 + "/" + $1 } }

    static func read(_ path: String) -> String {
        guard let f = fopen(path, "rb") else { return "" }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buf = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = fread(&buf, 1, buf.count, f)
            out += buf[0..<n]
            if n < buf.count { break }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// All `@Test("…")` names in the ControlsTests sources.
    static func testNames() -> [String] {
        guard let dir = opendir(folder) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard file.hasSuffix(".swift") else { continue }
            // `@Test("name"` — the formatter may put the name on the next line.
            var rest = Substring(read(folder + "/" + file))
            while let r = rest.firstRange(of: "@Test(") {
                rest = rest[r.upperBound...].drop { $0 == " " || $0 == "\n" }
                guard rest.first == "\"" else { continue }
                rest = rest.dropFirst()
                names.append(String(rest.prefix { $0 != "\"" }))
            }
        }
        return names
    }

    /// True when `text` mentions `id` as a whole token (MS-5 is not MS-50), or a range holding it
    /// such as "MS-15…20".
    static func mentions(_ text: String, _ id: String) -> Bool {
        let parts = id.split(separator: "-")
        if let n = Int(parts[1]) {
            for token in text.split(separator: " ") where token.hasPrefix(parts[0] + "-") && token.contains("…") {
                let bounds = token.dropFirst(parts[0].count + 1).split(separator: "…").map {
                    Int($0.prefix { $0.isNumber })
                }
                if bounds.count == 2, let lo = bounds[0], let hi = bounds[1], (lo...hi).contains(n) { return true }
            }
        }
        var rest = Substring(text)
        while let r = rest.firstRange(of: id) {
            let before = r.lowerBound == text.startIndex ? nil : text[text.index(before: r.lowerBound)]
            let after = r.upperBound == text.endIndex ? nil : text[r.upperBound]
            if !(before?.isLetter ?? false) && !(after?.isNumber ?? false) { return true }
            rest = text[r.upperBound...]
        }
        return false
    }

    @Test("Every spec ID has a row; every row that names tests has a test mentioning its ID")
    func tablesAreTrue() {
        let tables =
            Self.read(Self.folder + "/SPEC_COVERAGE_MS_CS_X.md") + "\n"
            + Self.read(Self.folder + "/SPEC_COVERAGE_RVS_NP.md")
        let rows = tables.split(separator: "\n").filter { $0.hasPrefix("| ") }
        let names = Self.testNames()
        #expect(names.count > 200)
        var missingRows: [String] = [], untested: [String] = []
        for (prefix, count) in Self.families {
            for n in 1...count {
                let id = "\(prefix)-\(n)"
                guard let row = rows.first(where: { $0.hasPrefix("| \(id) |") }) else {
                    missingRows.append(id); continue
                }
                let claimsTests = row.contains("Tests:")
                if claimsTests && !names.contains(where: { Self.mentions($0, id) }) { untested.append(id) }
            }
        }
        #expect(missingRows.isEmpty, "no row for \(missingRows)")
        #expect(untested.isEmpty, "rows name tests but no test name mentions \(untested)")
    }
}
