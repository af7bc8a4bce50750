import AssetFiles
import Core
import Glibc
import Testing
@testable import Raster

@Suite("PNG encoded in memory")
struct PNGMemoryTests {
    @Test("A bitmap encoded in memory reads back pixel for pixel, and is the PNG the file writer makes")
    func roundTrip() throws {
        let bitmap = Bitmap(width: 37, height: 23)
        for y in 0..<23 {
            for x in 0..<37 {
                let a = UInt8((x * 7 + y * 3) % 256)
                bitmap.pixels[y * 37 + x] =
                    a == 0 ? 0 : PixelMath.premultiply(UInt8(x * 6), UInt8(y * 11), 200, max(a, 1))
            }
        }
        let bytes = try PNGImage.encode(bitmap)
        #expect(Array(bytes.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let dir = "/tmp/thumbwheel-png-\(getpid())"
        mkdir(dir, 0o755)
        let memoryPath = dir + "/memory.png", filePath = dir + "/file.png"
        let fd = open(memoryPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        #expect(bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) } == bytes.count)
        close(fd)
        let back = try PNGImage.read(from: memoryPath)
        #expect(back.width == 37 && back.height == 23)
        try PNGImage.write(bitmap, to: filePath)
        let fromFile = try PNGImage.read(from: filePath)
        #expect((0..<37 * 23).allSatisfy { back.pixels[$0] == fromFile.pixels[$0] })
        // Straight alpha in the file: premultiplied words come back within one step of rounding.
        var worst = 0
        for i in 0..<37 * 23 {
            let p = bitmap.pixels[i], q = back.pixels[i]
            for shift in stride(from: 0, through: 24, by: 8) {
                worst = max(worst, abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF)))
            }
        }
        #expect(worst <= 1)
    }

    @Test("Incompressible noise encodes (libpng falls back to stored blocks) and reads back exactly, opaque")
    func incompressible() throws {
        let bitmap = Bitmap(width: 64, height: 64, format: .xrgb8888)
        var state: UInt32 = 12345
        for i in 0..<64 * 64 {
            state = state &* 1_664_525 &+ 1_013_904_223
            bitmap.pixels[i] = state
        }
        let bytes = try PNGImage.encode(bitmap)
        #expect(bytes.count > 64 * 64 * 3)
        let path = "/tmp/thumbwheel-png-noise-\(getpid()).png"
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        let back = try PNGImage.read(from: path)
        #expect((0..<64 * 64).allSatisfy { back.pixels[$0] == bitmap.pixels[$0] | 0xFF00_0000 })
    }
}
