import Foundation
import Testing

/// The README's promise that Core, Controls, Raster and Widgets are a pure core (no I/O, no clock:
/// time, files and fonts are handed in) checked on their sources, so that a call slipped in later
/// fails here rather than in a review. The scan is textual: comments and string literals are
/// dropped, then each line is searched for system calls and APIs that reach files, the clock or the
/// process's streams.
@Suite("Pure core") struct PureCoreTests {
    /// The modules that must stay pure.
    static let modules = ["Core", "Controls", "Raster", "Widgets"]

    /// C and standard-library functions that do I/O or read the clock, when called as functions with
    /// an unlabelled first argument (`open(path, …)`), not as methods (`pad.open(currentNumber:)`) or
    /// declared (`func close()`).
    static let calls =
        #"(?<![\w.])(?<!func )(open|openat|creat|fopen|fdopen|freopen|read|pread|readv|write|pwrite|writev|close|fclose|fread|fwrite|fgets|fputs|fprintf|printf|puts|mmap|munmap|stat|fstat|lstat|access|unlink|rename|mkdir|opendir|readdir|ioctl|socket|connect|dlopen|getenv|setenv|system|popen|fork|usleep|nanosleep|sleep|clock_gettime|gettimeofday|time|clock|localtime|gmtime|print|debugPrint|readLine)\s*\((?!\s*\w+\s*:)"#

    /// Types, constants, libpng/FreeType entry points and imports that reach files or clocks.
    static let apis =
        #"\b(FileManager|FileHandle|ProcessInfo|URLSession|DispatchTime|DispatchWallTime|ContinuousClock|SuspendingClock|CFAbsoluteTimeGetCurrent|FT_New_Face|CLOCK_MONOTONIC|CLOCK_REALTIME|CLOCK_BOOTTIME|stdin|stdout|stderr)\b|\bDate\(|\b(String|Data|Array)\(contentsOf(File)?:|_(from|to)_(file|stdio)\b|^\s*(@\w+ )?import (Foundation|FoundationEssentials|Dispatch|Platform|CLinux)\b"#

    /// Matches the scan finds that are not I/O: (file, the text matched, why it is allowed).
    static let allowed: [(file: String, match: String, why: String)] = [
        (
            "Widgets/ImageCatalog.swift", "read(",
            "`read` is loadImages's parameter: the edge's PNG reader handed in, called by name"
        ),
        (
            "Widgets/Kinds/Element.swift", "read(",
            "`read` is the element's stored closure that returns its control's value"
        ),
        (
            "Widgets/Kinds/Element.swift", "write(",
            "`write` is the element's stored closure that sets its control's value"
        ),
    ]

    /// One match: the file (relative to Sources), the line, the text matched.
    struct Finding: Equatable, CustomStringConvertible {
        var file: String
        var line: Int
        var match: String
        var description: String { "\(file):\(line): \(match)" }
    }

    /// `text` without comments and with every string literal emptied, line numbers kept.
    static func code(of text: String) -> [String] {
        var s = text
        // Block comments and multi-line literals: replace each by as many newlines as it held.
        for pattern in [#"/\*[\s\S]*?\*/"#, "\"\"\"[\\s\\S]*?\"\"\""] {
            let regex = try! NSRegularExpression(pattern: pattern)
            for m in regex.matches(in: s, range: NSRange(s.startIndex..., in: s)).reversed() {
                let range = Range(m.range, in: s)!
                s.replaceSubrange(range, with: String(repeating: "\n", count: s[range].filter { $0 == "\n" }.count))
            }
        }
        let literal = try! NSRegularExpression(pattern: #""(?:[^"\\]|\\.)*""#)
        return s.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            var l = String(line)
            l = literal.stringByReplacingMatches(in: l, range: NSRange(l.startIndex..., in: l), withTemplate: "\"\"")
            if let comment = l.range(of: "//") { l = String(l[..<comment.lowerBound]) }
            return l
        }
    }

    /// Every forbidden call or API in `text`, as found in the file `name`.
    static func findings(in text: String, file name: String) -> [Finding] {
        let patterns = [calls, apis].map { try! NSRegularExpression(pattern: $0) }
        var out: [Finding] = []
        for (i, line) in code(of: text).enumerated() {
            for regex in patterns {
                for m in regex.matches(in: line, range: NSRange(line.startIndex..., in: line)) {
                    let match = String(line[Range(m.range, in: line)!]).trimmingCharacters(in: .whitespaces)
                    out.append(Finding(file: name, line: i + 1, match: match))
                }
            }
        }
        return out
    }

    /// The repository's Sources folder, found from this file's place in Tests/CoreTests.
    static var sources: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
    }

    @Test("the scan finds file, clock and stream calls and lets methods, declarations and comments be")
    func scannerCatches() {
        let bad = """
            import Glibc
            import Foundation
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            var ts = timespec(); clock_gettime(CLOCK_MONOTONIC, &ts)
            let now = Date()
            guard png_image_begin_read_from_file(&image, path) != 0 else { return }
            let n = pread(fd, buffer, count, 0)
            """
        #expect(Self.findings(in: bad, file: "x").map(\.line) == [2, 3, 4, 4, 5, 6, 7])
        let fine = """
            pad.open(currentNumber: 3)
            if isOpen { close(committed: false) } else { open(time: t, byTap: true) }
            public mutating func close() { elements.append(.close) }
            // open(path, O_RDONLY) in a comment
            let s = "clock_gettime(CLOCK_MONOTONIC) in a string"
            /* fopen(path, "r") */ let opened = reopen(x)
            """
        #expect(Self.findings(in: fine, file: "x") == [])
    }

    @Test("Core, Controls, Raster and Widgets call no file, clock or stream function (allow-list aside)")
    func pureCore() throws {
        var scanned = 0
        var found: [Finding] = []
        for module in Self.modules {
            let folder = Self.sources.appendingPathComponent(module)
            let files = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
                $0.hasSuffix(".swift")
            }
            #expect(!files.isEmpty, "Sources/\(module) has Swift files")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                found += Self.findings(in: text, file: module + "/" + file)
                scanned += 1
            }
        }
        #expect(scanned > 50, "the scan read the modules' files")
        let unexplained = found.filter { f in !Self.allowed.contains { $0.file == f.file && $0.match == f.match } }
        #expect(unexplained == [], "I/O or clock in the pure core: move it to the edge (Platform, AssetFiles, Kiosk)")
        // An allow-list entry that no longer matches anything is stale: drop it.
        for entry in Self.allowed {
            #expect(
                found.contains { $0.file == entry.file && $0.match == entry.match },
                "stale allow-list entry \(entry.file) \(entry.match)")
        }
    }
}
