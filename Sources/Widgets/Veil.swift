import Core
import Raster

/// The veil of an unavailable element: the element's own pixels dimmed in place. What lay beneath its
/// bounds (the screen, a card, a neighbour drawn before it) is kept before the element draws, and each
/// pixel the element then changed is pulled back towards it: the element reads as faded on whatever
/// it stands on, and a pixel it did not draw (room kept for a balloon not shown, a neighbour's) stays
/// exactly as it was. Never a box of the background.
struct Veil {
    /// The pixels beneath, row by row, as premultiplied 0xAARRGGBB words.
    private var beneath: [UInt32] = []
    private var box = PixelRect(x: 0, y: 0, width: 0, height: 0)

    /// Keeps the pixels of `rect` (within the canvas's clip) before the element draws there.
    mutating func keep(_ canvas: Canvas, _ rect: PixelRect) {
        box = rect.intersection(canvas.clip)
        beneath.removeAll(keepingCapacity: true)
        guard !box.isEmpty else { return }
        beneath.reserveCapacity(box.width * box.height)
        for y in box.y..<box.maxY {
            for x in box.x..<box.maxX { beneath.append(canvas.pixel(x: x, y: y)) }
        }
    }

    /// Takes `opacity` (0…1) of what the element drew away again since `keep`, back to what was beneath.
    func fade(_ canvas: Canvas, opacity: Double) {
        guard !box.isEmpty else { return }
        let keep = UInt32(max(0, min(256, ((1 - opacity) * 256).rounded())))
        var i = 0
        for y in box.y..<box.maxY {
            let row = canvas.pixels + y * canvas.strideBytes
            for x in box.x..<box.maxX {
                let old = beneath[i]
                i += 1
                let new = canvas.pixel(x: x, y: y)
                guard new != old else { continue }
                let mixed = Veil.mix(old, new, keep)
                if canvas.format == .rgb565 {
                    row.assumingMemoryBound(to: UInt16.self)[x] = RGB565.pack(mixed)
                } else {
                    row.assumingMemoryBound(to: UInt32.self)[x] = mixed
                }
            }
        }
    }

    /// `old` plus `keep`/256 of the way to `new`, per channel (premultiplied words).
    static func mix(_ old: UInt32, _ new: UInt32, _ keep: UInt32) -> UInt32 {
        var out: UInt32 = 0
        for shift in stride(from: 0, through: 24, by: 8) {
            let a = Int((old >> UInt32(shift)) & 0xFF), b = Int((new >> UInt32(shift)) & 0xFF)
            let c = a + ((b - a) * Int(keep) + (b >= a ? 128 : -128)) / 256
            out |= UInt32(max(0, min(255, c))) << UInt32(shift)
        }
        return out
    }
}
