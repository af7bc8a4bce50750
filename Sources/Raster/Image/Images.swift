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
    /// alpha is used, filled with the tint colour (spec RVS-18, RVS-69 icons). Draws nothing when a
    /// number is NaN or infinite (see `FarGeometry` for numbers far beyond the canvas).
    public func drawImage(
        _ image: Bitmap, in rect: Rect, filter: ImageFilter = .bilinear, tint: Color? = nil,
        alpha: Double = 1, blendMode: BlendMode = .sourceOver
    ) {
        guard image.width > 0, image.height > 0, !rect.isEmpty, rect.isFinite else { return }
        let toDevice = Transform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .then(.translation(rect.minX, rect.minY))
        drawImage(image, transform: toDevice, filter: filter, tint: tint, alpha: alpha, blendMode: blendMode)
    }

    /// Draws `image` at its natural size with its top-left corner at `origin` (a whole-pixel origin
    /// copies the pixels exactly).
    public func drawImage(
        _ image: Bitmap, at origin: Point, tint: Color? = nil, alpha: Double = 1,
        blendMode: BlendMode = .sourceOver
    ) {
        drawImage(
            image, in: Rect(x: origin.x, y: origin.y, width: Double(image.width), height: Double(image.height)),
            tint: tint, alpha: alpha, blendMode: blendMode)
    }

    /// Draws `image` scaled into `rect`, then rotated by `angle` (screen-clockwise) about `pivot`.
    public func drawImage(
        _ image: Bitmap, in rect: Rect, rotatedBy angle: Angle, about pivot: Point,
        filter: ImageFilter = .bilinear, tint: Color? = nil, alpha: Double = 1
    ) {
        guard image.width > 0, image.height > 0, !rect.isEmpty, rect.isFinite else { return }
        let toDevice = Transform.scale(rect.width / Double(image.width), rect.height / Double(image.height))
            .then(.translation(rect.minX, rect.minY))
            .then(.rotation(angle, about: pivot))
        drawImage(image, transform: toDevice, filter: filter, tint: tint, alpha: alpha)
    }

    /// Draws `image` mapped to the canvas by `transform` (image pixel coordinates → device pixels).
    public func drawImage(
        _ image: Bitmap, transform: Transform, filter: ImageFilter = .bilinear, tint: Color? = nil,
        alpha: Double = 1, blendMode: BlendMode = .sourceOver
    ) {
        drawImage(
            image, source: Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height)),
            transform: transform, filter: filter, tint: tint, alpha: alpha, blendMode: blendMode)
    }

    /// Draws the part `source` of `image` (in image pixels) mapped to the canvas by `transform` (image
    /// pixel coordinates → device pixels): only that part's outline is filled, so an image scaled to
    /// cover a frame is cropped to it exactly, at any rotation. Samples near the crop's edges still blend
    /// with the pixels just outside it, as an uncropped image would.
    public func drawImage(
        _ image: Bitmap, source: Rect, transform: Transform, filter: ImageFilter = .bilinear,
        tint: Color? = nil, alpha: Double = 1, blendMode: BlendMode = .sourceOver
    ) {
        guard image.width > 0, image.height > 0, !source.isEmpty, source.isFinite, transform.isFinite,
            let inverse = Canvas.inverse(of: transform), samplesNear(inverse)
        else { return }
        let shader = ImageShader(image: image, deviceToImage: inverse, filter: filter, tint: tint)
        var o = beginOutline()
        for p in [
            Point(source.minX, source.minY), Point(source.maxX, source.minY), Point(source.maxX, source.maxY),
            Point(source.minX, source.maxY),
        ] {
            let q = transform.apply(p)
            o.add(q.x, q.y)
        }
        o.closeContour()
        fill(outline: o, paint: Paint(.image(shader), blendMode: blendMode, alpha: alpha))
    }

    /// `transform.inverted`, or where that overflows (a scale or a translation beyond the square root of
    /// the largest Double), the same inverse computed from the linear part scaled to at most 1 and the
    /// translation mapped through it; nil when the transform is singular.
    static func inverse(of transform: Transform) -> Transform? {
        if let inverse = transform.inverted, inverse.isFinite { return inverse }
        let t = transform, s = max(abs(t.a), abs(t.b), abs(t.c), abs(t.d))
        guard s > 0, s.isFinite else { return nil }
        let a = t.a / s, b = t.b / s, c = t.c / s, d = t.d / s
        let det = a * d - b * c
        guard det != 0 else { return nil }
        // The inverse's linear part, then its translation: −(linear · (tx, ty)).
        let ia = d / det / s, ib = -b / det / s, ic = -c / det / s, id = a / det / s
        return Transform(a: ia, b: ib, c: ic, d: id, tx: -(ia * t.tx + ic * t.ty), ty: -(ib * t.tx + id * t.ty))
    }

    /// Whether every pixel of the clip samples the image within `ImageShader.reach` of its origin
    /// (`deviceToImage` maps the canvas to image pixels; an affine map is largest at the clip's
    /// corners). When one does not, the image is narrower than a millionth of a pixel across the clip
    /// in some direction (or far from it), so nothing of it would show; and the shader's conversions of
    /// such sample positions to integers would trap.
    private func samplesNear(_ m: Transform) -> Bool {
        let c = clip.rect, reach = ImageShader.reach
        @inline(__always) func near(_ x: Double, _ y: Double) -> Bool {
            abs(m.a * x + m.c * y + m.tx) <= reach && abs(m.b * x + m.d * y + m.ty) <= reach
        }
        return near(c.minX, c.minY) && near(c.maxX, c.minY) && near(c.minX, c.maxY) && near(c.maxX, c.maxY)
    }
}

extension Rect {
    /// Whether the origin and size are finite numbers.
    var isFinite: Bool { origin.x.isFinite && origin.y.isFinite && size.width.isFinite && size.height.isFinite }
}

extension Transform {
    /// Whether all six coefficients are finite numbers.
    var isFinite: Bool { a.isFinite && b.isFinite && c.isFinite && d.isFinite && tx.isFinite && ty.isFinite }
}

/// Samples a bitmap for each device pixel centre through an inverse transform (see `Canvas.drawImage`).
public final class ImageShader: Shader {
    let image: Bitmap
    let m: Transform
    let bilinear: Bool
    /// Premultiplied tint, or nil to use the image's own colours.
    let tint: UInt32?

    /// One vertically blended source row (grown on demand, reused between spans).
    private var columns: UnsafeMutablePointer<UInt32> = .allocate(capacity: 1)
    private var columnCapacity = 1
    private func columnBuffer(_ n: Int) -> UnsafeMutablePointer<UInt32> {
        if n > columnCapacity { columns.deallocate(); columnCapacity = n; columns = .allocate(capacity: n) }
        return columns
    }
    deinit { columns.deallocate() }

    /// Images are treated as translucent: their pixels are checked one by one.
    var isOpaque: Bool { false }

    /// The farthest a sample may lie from the image's origin, in image pixels: its conversions to
    /// integers stay exact and in range (`Canvas.drawImage` draws nothing that would sample farther).
    static let reach: Double = 1e15

    /// For axis-aligned images: the sampling column u − 0.5 of device column X is
    /// (uOrigin + X·uStep) / 2³² (fixed point, exact integer steps).
    let uOrigin: Int, uStep: Int

    init(image: Bitmap, deviceToImage: Transform, filter: ImageFilter, tint: Color?) {
        self.image = image; m = deviceToImage; bilinear = filter == .bilinear
        self.tint = tint?.premultipliedARGB
        let scale = 4_294_967_296.0
        let origin = (m.tx + 0.5 * m.a - 0.5) * scale, step = m.a * scale
        // Clamped so that absurd scales cannot trap (they can only sample the wrong column).
        uOrigin = Int(max(-9e18, min(9e18, origin.rounded())))
        uStep = Int(max(-9e18, min(9e18, step.rounded())))
    }

    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>) {
        // Every pixel's source position is computed from its absolute coordinates (no running sums),
        // so the result does not depend on how a shape was split into spans.
        let px = Double(x) + 0.5, py = Double(y) + 0.5
        let u0 = m.a * px + m.c * py + m.tx, v0 = m.b * px + m.d * py + m.ty
        let du = m.a, dv = m.b
        let w = image.width, h = image.height, src = image.pixels
        if bilinear && m.b == 0 && m.c == 0 {
            // Axis-aligned: one source row pair per span, and 32.32 fixed-point columns.
            let v = v0 - 0.5
            let fv = v.rounded(.down)
            let y0 = Int(fv), wy = UInt32((v - fv) * 256)
            let rowA = src + min(max(y0, 0), h - 1) * w, rowB = src + min(max(y0 + 1, 0), h - 1) * w
            let maxX = w - 1
            @inline(__always) func fixed(_ i: Int) -> Int { uOrigin &+ (x + i) &* uStep }
            let firstX = fixed(0) >> 32, lastX = fixed(count - 1) >> 32
            let lo = min(max(min(firstX, lastX), 0), maxX), hi = min(max(max(firstX, lastX) + 1, 0), maxX)
            // Blend the two source rows once per source column the span touches, then only
            // horizontally per pixel.
            let cols = columnBuffer(hi + 1)
            for col in lo...hi { cols[col] = ImageShader.mix(rowA[col], rowB[col], wy) }
            @inline(__always) func taps(_ i: Int) -> (UInt32, UInt32, UInt32) {
                let f = fixed(i)
                let x0 = f >> 32
                let xa = min(max(x0, lo), hi), xb = min(max(x0 + 1, lo), hi)
                return (cols[xa], cols[xb], UInt32(truncatingIfNeeded: (f >> 24) & 0xFF))
            }
            var i = 0
            // Four pixels per step: gathered taps, then the weighted sum in 16-bit lanes (SSE2).
            let m8 = SIMD4<UInt32>(repeating: 0x00FF_00FF)
            while i + 4 <= count {
                let (a0, b0, w0) = taps(i), (a1, b1, w1) = taps(i + 1), (a2, b2, w2) = taps(i + 2),
                    (a3, b3, w3) = taps(i + 3)
                let a = SIMD4<UInt32>(a0, a1, a2, a3), b = SIMD4<UInt32>(b0, b1, b2, b3)
                let w = SIMD4<UInt32>(w0, w1, w2, w3)
                let wb = unsafeBitCast(w | (w &<< 16), to: SIMD8<UInt16>.self)
                let wa = SIMD8<UInt16>(repeating: 256) &- wb
                let rb =
                    (unsafeBitCast(a & m8, to: SIMD8<UInt16>.self) &* wa &+ unsafeBitCast(
                        b & m8, to: SIMD8<UInt16>.self) &* wb) &>> 8
                let ag =
                    (unsafeBitCast((a &>> 8) & m8, to: SIMD8<UInt16>.self) &* wa
                        &+ unsafeBitCast((b &>> 8) & m8, to: SIMD8<UInt16>.self) &* wb) &>> 8
                let px = unsafeBitCast(rb, to: SIMD4<UInt32>.self) | (unsafeBitCast(ag, to: SIMD4<UInt32>.self) &<< 8)
                UnsafeMutableRawPointer(out + i).storeBytes(of: px, as: SIMD4<UInt32>.self)
                i += 4
            }
            while i < count {
                let (a, b, w) = taps(i)
                out[i] = ImageShader.mix(a, b, w)
                i += 1
            }
        } else if bilinear {
            let maxX = w - 1, maxY = h - 1
            for i in 0..<count {
                // Texel centres sit at half-integers, hence the −0.5.
                let u = u0 + Double(i) * du - 0.5, v = v0 + Double(i) * dv - 0.5
                // Truncation after a large positive shift is floor() without a libm call.
                let x0 = Int(u + 1_048_576) - 1_048_576, y0 = Int(v + 1_048_576) - 1_048_576
                let wx = UInt32((u - Double(x0)) * 256), wy = UInt32((v - Double(y0)) * 256)
                let xa = min(max(x0, 0), maxX), xb = min(max(x0 + 1, 0), maxX)
                let ya = min(max(y0, 0), maxY) * w, yb = min(max(y0 + 1, 0), maxY) * w
                let top = ImageShader.mix(src[ya + xa], src[ya + xb], wx)
                let bottom = ImageShader.mix(src[yb + xa], src[yb + xb], wx)
                out[i] = ImageShader.mix(top, bottom, wy)
            }
        } else {
            for i in 0..<count {
                let u = u0 + Double(i) * du, v = v0 + Double(i) * dv
                let sx = min(max(Int(u + 1_048_576) - 1_048_576, 0), w - 1),
                    sy = min(max(Int(v + 1_048_576) - 1_048_576, 0), h - 1)
                out[i] = src[sy * w + sx]
            }
        }
        if let tint {
            for i in 0..<count { out[i] = PixelMath.scale(tint, out[i] >> 24) }
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
