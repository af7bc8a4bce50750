import Core
import Testing
import TestSupport
@testable import Raster

@Suite("Solid translucent blending") struct BlendTests {

    /// `c` channel + `d·inv/255` rounded to nearest, per channel (ties cannot occur: 255 is odd),
    /// computed independently of `PixelMath`.
    static func reference(_ c: UInt32, _ d: UInt32, _ inv: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            let dc = (d >> shift) & 0xFF
            out |= (((c >> shift) & 0xFF) + (2 * dc * inv + 255) / 510) << shift
        }
        return out
    }

    @Test("blendSolid equals the exactly rounded SRC_OVER for every channel value and every alpha")
    func blendSolidIsExact() {
        // Pixel j holds j in blue and shifted copies in the other channels, so every channel sees all 256
        // values; 263 pixels exercise the 8-pixel steps, the 4-pixel step and the scalar tail.
        let count = 263
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { dst.deallocate() }
        var mismatches = 0
        for alpha: UInt32 in 0...255 {
            let inv = 255 - alpha
            // A valid premultiplied colour: no channel above alpha, so no sum can carry into the next.
            let c = alpha << 24 | (alpha * 3 / 4) << 16 | (alpha / 2) << 8 | alpha / 5
            var before: [UInt32] = []
            for j in 0..<count {
                let v = UInt32(j & 255)
                let p = ((v + 43) & 255) << 24 | ((v + 170) & 255) << 16 | ((v + 85) & 255) << 8 | v
                before.append(p); dst[j] = p
            }
            PixelMath.blendSolid(dst, count, c, inv, m257: 257)
            for j in 0..<count where dst[j] != BlendTests.reference(c, before[j], inv) { mismatches += 1 }
        }
        #expect(mismatches == 0)
    }

    @Test("blendSolid over runs of one background colour (the remembered result) and interruptions of it")
    func blendSolidOverFlatBackground() {
        let count = 101
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        defer { dst.deallocate() }
        let background: UInt32 = 0xFF20_2020, c: UInt32 = 0xCC30_3B46
        var rng = SeededRandom(seed: 11)
        for round in 0..<200 {
            var before: [UInt32] = []
            for _ in 0..<count {
                // Mostly the background, sometimes another colour (also in the first pixel).
                let p = rng.int(round % 7 + 2) == 0 ? UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 : background
                before.append(p)
            }
            for j in 0..<count { dst[j] = before[j] }
            PixelMath.blendSolid(dst, count, c, 255 - 0xCC, m257: 257)
            let wrong = (0..<count).filter { dst[$0] != BlendTests.reference(c, before[$0], 255 - 0xCC) }
            #expect(wrong.isEmpty, "round \(round): pixels \(wrong) differ")
        }
    }

    @Test("blendMask equals the exactly rounded colour·coverage over the destination, for every coverage")
    func blendMaskIsExact() {
        // Coverage j % 256 on pixel j (with runs of 0 and of 255 for the four-pixel shortcuts), over
        // destinations whose channels take every value; opaque and translucent colours.
        let count = 256 * 3 + 5
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { dst.deallocate(); coverage.deallocate() }
        for j in 0..<count {
            coverage[j] = j < 256 ? UInt8(j) : (j < 512 ? (j & 8 == 0 ? 0 : 255) : UInt8((j * 7) & 255))
        }
        var mismatches = 0
        for s: UInt32 in [0xFFFF_FFFF, 0xFF20_A0C0, 0xCC30_3B46, 0x8040_2010, 0x0000_0000, 0x0101_0100] {
            for shift in 0..<4 {
                var before: [UInt32] = []
                for j in 0..<count {
                    let v = UInt32((j * 5 + shift * 64) & 255)
                    let p = ((v + 43) & 255) << 24 | ((v + 170) & 255) << 16 | ((v + 85) & 255) << 8 | v
                    before.append(p); dst[j] = p
                }
                PixelMath.blendMask(dst, coverage, count, s, m257: 257)
                for j in 0..<count {
                    let a = UInt32(coverage[j])
                    // The colour scaled by the coverage, each channel rounded to nearest, then over.
                    var scaled: UInt32 = 0
                    for sh: UInt32 in [0, 8, 16, 24] { scaled |= ((2 * ((s >> sh) & 0xFF) * a + 255) / 510) << sh }
                    let expected = a == 0 ? before[j] : BlendTests.reference(scaled, before[j], 255 - scaled >> 24)
                    if dst[j] != expected { mismatches += 1 }
                }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("overRow equals over(scale(src, coverage), dst) per pixel, with and without a mask")
    func overRowIsExact() {
        let count = 1031
        let dst = UnsafeMutablePointer<UInt32>.allocate(capacity: count),
            src = UnsafeMutablePointer<UInt32>.allocate(capacity: count)
        let coverage = UnsafeMutablePointer<UInt8>.allocate(capacity: count)
        defer { dst.deallocate(); src.deallocate(); coverage.deallocate() }
        var rng = SeededRandom(seed: 0x0E7)
        var mismatches = 0
        for round in 0..<40 {
            var before: [UInt32] = []
            for j in 0..<count {
                // Sources: runs of opaque, of transparent and of translucent pixels (an icon's edge), and
                // now and then a channel above its alpha, where `over`'s whole-word add carries.
                let a = UInt32([0, 255, rng.int(256)][(j / 5 + round) % 3])
                var p = a << 24
                for sh: UInt32 in [0, 8, 16] { p |= UInt32(rng.int(Int(a) + 1)) << sh }
                if rng.int(50) == 0 { p = UInt32(truncatingIfNeeded: rng.next()) }
                src[j] = p
                coverage[j] = [0, 255, UInt8(rng.int(256))][(j / 7 + round) % 3]
                let d = UInt32(truncatingIfNeeded: rng.next())
                before.append(d); dst[j] = d
            }
            let masked = round % 2 == 0
            PixelMath.overRow(dst, src, coverage: masked ? UnsafePointer(coverage) : nil, count, m257: 257)
            for j in 0..<count {
                let a = masked ? UInt32(coverage[j]) : 255
                var s = src[j]
                if a < 255 {
                    var scaled: UInt32 = 0
                    for sh: UInt32 in [0, 8, 16, 24] { scaled |= ((2 * ((s >> sh) & 0xFF) * a + 255) / 510) << sh }
                    s = scaled
                }
                // The whole-word add of `over`, with the destination scaled per channel, rounded.
                let expected = s &+ BlendTests.reference(0, before[j], 255 - s >> 24)
                if dst[j] != expected { mismatches += 1 }
            }
        }
        #expect(mismatches == 0)
    }

    @Test("the paint sinks' multiplier divides every 8-bit product by 255 exactly, rounded")
    func multiplierDividesBy255() {
        // The four-pixel blend's `((x + 128) · m) >> 16` with the multiplier the sinks read from memory
        // must be round(x / 255) for every product of two bytes.
        let m = UInt32(CoverageCells().div255Multiplier)
        var wrong = 0
        for x in stride(from: UInt32(0), through: 255 * 255, by: 1) where ((x + 128) * m) >> 16 != (x * 2 + 255) / 510 {
            wrong += 1
        }
        #expect(wrong == 0)
    }
}
