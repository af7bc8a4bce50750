import Testing
import TestSupport

/// What the kiosk binary links, beside what scripts/footprint measures of the static build: one call of
/// a `_StringProcessing` API (`firstRange(of:)`, `split(separator:)` with a string, `Regex`) links its
/// regex parser into the static binary (0.9 MB stripped, docs/performance.md, Footprint). The debug
/// build links the Swift libraries dynamically, so such a call shows as an undefined symbol of theirs.
@Suite("The kiosk binary's libraries")
struct LinkedLibrariesTests {
    @Test("thumbwheel calls nothing of _StringProcessing or _RegexParser")
    func noStringProcessing() throws {
        let binary = try #require(thumbwheelBinary())
        let nm = try #require(runTool("/usr/bin/nm", ["--dynamic", "--undefined-only", binary]))
        try #require(nm.status == 0, "nm: \(nm.err)")
        let used = nm.out.split(separator: "\n").filter {
            $0.contains("17_StringProcessing") || $0.contains("12_RegexParser")
        }
        #expect(used.isEmpty, "thumbwheel uses \(used.count) symbols of _StringProcessing: \(used.prefix(5))")
    }
}
