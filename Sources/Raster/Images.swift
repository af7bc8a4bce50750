import Core

/// How an image is sampled between its pixels.
public enum ImageFilter: Sendable, Hashable {
    /// The nearest source pixel (crisp, for pixel art and 1:1 blits).
    case nearest
    /// Bilinear interpolation of the four nearest source pixels (edges clamp to the image).
    case bilinear
}

extension Canvas {
    /// Draws `image` scaled into `rect`. The rectangle's edges are anti-aliased by exact coverage;
    /// inside, pixels are sampled at their centres. With a `tint`, the image is a template: only its
    /// alpha is used, filled with the tint colour (spec RVS-18, RVS-69 icons).
    public func drawImage(_ image: Bitmap, in rect: Rect, filter: ImageFilter = .bilinear, tint: Color? = nil,
                          alpha: Double = 1, blendMode: BlendMode = .sourceOver) {
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        let toDevice = Transform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .then(.translation(rect.minX, rect.minY))
        drawImage(image, transform: toDevice, filter: filter, tint: tint, alpha: alpha, blendMode: blendMode)
    }

    /// Draws `image` scaled into `rect`, then rotated by `angle` (screen-clockwise) about `pivot`.
    public func drawImage(_ image: Bitmap, in rect: Rect, rotatedBy angle: Angle, about pivot: Point,
                          filter: ImageFilter = .bilinear, tint: Color? = nil, alpha: Double = 1) {
        guard image.width > 0, image.height > 0, !rect.isEmpty else { return }
        let toDevice = Transform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .then(.translation(rect.minX, rect.minY))
            .then(.rotation(angle, about: pivot))
        drawImage(image, transform: toDevice, filter: filter, tint: tint, alpha: alpha)
    }

    /// Draws `image` mapped to the canvas by `transform` (image pixel coordinates → device pixels).
    public func drawImage(_ image: Bitmap, transform: Transform, filter: ImageFilter = .bilinear, tint: Color? = nil,
                          alpha: Double = 1, blendMode: BlendMode = .sourceOver) {
        guard image.width > 0, image.height > 0, let inverse = transform.inverted else { return }
        let shader = ImageShader(image: image, deviceToImage: inverse, filter: filter, tint: tint)
        var o = beginOutline()
        let w = Double(image.width), h = Double(image.height)
        for p in [Point(0, 0), Point(w, 0), Point(w, h), Point(0, h)] {
            let q = transform.apply(p)
            o.add(q.x, q.y)
        }
        o.closeContour()
        fill(outline: o, paint: Paint(.image(shader), blendMode: blendMode, alpha: alpha))
    }
}

/// Samples a bitmap for each device pixel centre through an inverse transform (see `Canvas.drawImage`).
public final class ImageShader: Shader {
    let image: Bitmap
    let m: Transform
    let bilinear: Bool
    /// Premultiplied tint, or nil to use the image's own colours.
    let tint: UInt32?

    /// Images are treated as translucent: their pixels are checked one by one.
    var isOpaque: Bool { false }

    init(image: Bitmap, deviceToImage: Transform, filter: ImageFilter, tint: Color?) {
        self.image = image; m = deviceToImage; bilinear = filter == .bilinear
        self.tint = tint?.premultipliedARGB
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        // Texel centres sit at half-integers, hence the −0.5 for bilinear sampling.
        var u = m.a * px + m.c * py + m.tx, v = m.b * px + m.d * py + m.ty
        let du = m.a, dv = m.b
        let w = image.width, h = image.height, src = image.pixels
        if bilinear && m.b == 0 && m.c == 0 {
            // Axis-aligned: one source row pair per span, and 16.16 fixed-point steps along it.
            u -= 0.5; v -= 0.5
            let fv = v.rounded(.down)
            let y0 = Int(fv), wy = UInt32((v - fv) * 256)
            let rowA = src + min(max(y0, 0), h - 1) * w, rowB = src + min(max(y0 + 1, 0), h - 1) * w
            var uf = Int((u * 65536).rounded(.down))
            let du16 = Int((du * 65536).rounded())
            let maxX = w - 1
            for i in 0 ..< count {
                let x0 = uf >> 16
                let wx = UInt32(truncatingIfNeeded: (uf >> 8) & 0xFF)
                let xa = min(max(x0, 0), maxX), xb = min(max(x0 + 1, 0), maxX)
                let top = ImageShader.mix(rowA[xa], rowA[xb], wx)
                let bottom = ImageShader.mix(rowB[xa], rowB[xb], wx)
                out[i] = ImageShader.mix(top, bottom, wy)
                uf += du16
            }
        } else if bilinear {
            u -= 0.5; v -= 0.5
            let maxX = w - 1, maxY = h - 1
            for i in 0 ..< count {
                // Truncation after a large positive shift is floor() without a libm call.
                let x0 = Int(u + 1_048_576) - 1_048_576, y0 = Int(v + 1_048_576) - 1_048_576
                let wx = UInt32((u - Double(x0)) * 256), wy = UInt32((v - Double(y0)) * 256)
                let xa = min(max(x0, 0), maxX), xb = min(max(x0 + 1, 0), maxX)
                let ya = min(max(y0, 0), maxY) * w, yb = min(max(y0 + 1, 0), maxY) * w
                let top = ImageShader.mix(src[ya + xa], src[ya + xb], wx)
                let bottom = ImageShader.mix(src[yb + xa], src[yb + xb], wx)
                out[i] = ImageShader.mix(top, bottom, wy)
                u += du; v += dv
            }
        } else {
            for i in 0 ..< count {
                let sx = min(max(Int(u.rounded(.down)), 0), w - 1), sy = min(max(Int(v.rounded(.down)), 0), h - 1)
                out[i] = src[sy * w + sx]
                u += du; v += dv
            }
        }
        if let tint {
            for i in 0 ..< count { out[i] = PixelMath.scale(tint, out[i] >> 24) }
        }
    }

    /// `a + (b − a)·t/256` per channel, two channels at a time.
    @inline(__always) static func mix(_ a: UInt32, _ b: UInt32, _ t: UInt32) -> UInt32 {
        let s = 256 &- t
        let rb = (((a & 0x00FF_00FF) &* s &+ (b & 0x00FF_00FF) &* t) >> 8) & 0x00FF_00FF
        let ag = (((a >> 8) & 0x00FF_00FF) &* s &+ ((b >> 8) & 0x00FF_00FF) &* t) & 0xFF00_FF00
        return rb | ag
    }
}
