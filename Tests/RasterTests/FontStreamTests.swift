import AssetFiles
import Bench
import Foundation
import Testing
@testable import Raster

/// A `FontFace` reads its file through its own descriptor (`FontStream`), not a mapping: the face
/// renders, and the descriptor is closed when the face goes and when the file is not a font.
@Suite("Font stream") struct FontStreamTests {
    /// The targets of this process's open descriptors (/proc/self/fd), e.g. "/tmp/x.ttf".
    static func openFiles() -> [String] {
        guard let dir = opendir("/proc/self/fd") else { return [] }
        defer { closedir(dir) }
        var targets: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name.first?.isNumber == true else { continue }
            var buffer = [CChar](repeating: 0, count: 4096)
            let n = readlink("/proc/self/fd/" + name, &buffer, buffer.count - 1)
            if n > 0 { targets.append(String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)) }
        }
        return targets
    }

    /// A copy of the benchmark font under a name of its own, so no other test holds it open.
    static func copyOfFont(_ tag: String) throws -> String {
        let path = NSTemporaryDirectory() + "thumbwheel-fontstream-\(getpid())-\(tag).ttf"
        try Data(contentsOf: URL(fileURLWithPath: BenchScenes.fontPath)).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a face renders from its stream, holds the file open while it lives and closes it when it goes")
    func closesWhenDone() throws {
        let path = try Self.copyOfFont("live")
        defer { unlink(path) }
        do {
            let face = try FontFace(path: path)
            #expect(Self.openFiles().contains(path), "the face reads through its own descriptor")
            #expect(
                !(try String(contentsOfFile: "/proc/self/maps", encoding: .utf8)).contains(path),
                "the file is not mapped")
            let glyph = face.glyph(face.glyphIndex("A"), size64: FontFace.size64(40), subX: 0, subY: 0)
            #expect(glyph.width > 15 && glyph.height > 20 && glyph.coverage.contains(255), "A renders at 40 px")
            #expect(face.unitsPerEm == 2048)
        }
        #expect(!Self.openFiles().contains(path), "the descriptor is closed with the face")
    }

    @Test("a file that is not a font is refused and its descriptor closed")
    func closesWhenRefused() throws {
        let path = NSTemporaryDirectory() + "thumbwheel-fontstream-\(getpid())-junk.ttf"
        try Data(repeating: 0x41, count: 5000).write(to: URL(fileURLWithPath: path))
        defer { unlink(path) }
        #expect(throws: FontError.self) { _ = try FontFace(path: path) }
        #expect(!Self.openFiles().contains(path), "the refused file's descriptor is closed")
    }

    @Test("a face opened from the file's bytes in memory draws exactly what the face read from the file draws")
    func bytesMatchFile() throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: BenchScenes.fontPath)))
        let fromBytes = try FontFace(bytes: bytes, name: "dejavu")
        let fromFile = try FontFace(path: BenchScenes.fontPath)
        #expect(fromBytes.unitsPerEm == fromFile.unitsPerEm && fromBytes.ascender == fromFile.ascender)
        for scalar in "Ag€0✓".unicodeScalars {
            let a = fromBytes.glyph(fromBytes.glyphIndex(scalar), size64: FontFace.size64(31), subX: 1, subY: 2)
            let b = fromFile.glyph(fromFile.glyphIndex(scalar), size64: FontFace.size64(31), subX: 1, subY: 2)
            #expect(a.width > 0 && a.coverage.contains { $0 > 0 }, "\(scalar) draws")
            #expect(a.width == b.width && a.height == b.height && a.left == b.left && a.top == b.top, "\(scalar)")
            #expect(a.coverage == b.coverage && a.advance == b.advance, "\(scalar)")
        }
        // Cut short, the same bytes are not a font: refused under the name given.
        // Caught by hand: Swift 6.0's `#expect(throws:)` (Debian 13's toolchain) does not return the error.
        do {
            _ = try FontFace(bytes: Array(bytes.prefix(200)), name: "cut")
            Issue.record("200 bytes of a font were read as a font")
        } catch let error as FontError {
            #expect(error.path == "cut" && error.message.hasPrefix("not a font FreeType can read"))
        } catch {
            Issue.record("not a FontError: \(error)")
        }
    }
}
