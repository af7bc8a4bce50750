import Core

/// How a paint combines with what is already on the canvas (Porter–Duff, premultiplied).
public enum BlendMode: Sendable, Hashable {
    /// Source over destination: the usual translucent drawing.
    case sourceOver
    /// Source replaces destination where the shape covers it (partially covered pixels mix by coverage).
    case source
}

/// What fills a shape: a colour or a gradient, a blend mode and a global alpha.
public struct Paint {
    /// The colour source.
    public enum Kind {
        /// One colour (straight alpha).
        case solid(Color)
        /// A linear gradient (build the gradient once and reuse it).
        case linearGradient(LinearGradient)
        /// A conic (sweep) gradient (build the gradient once and reuse it).
        case conicGradient(ConicGradient)
        /// A sampled image (made by `Canvas.drawImage`).
        case image(ImageShader)
    }
    /// The colour source.
    public var kind: Kind
    /// How the paint combines with the canvas.
    public var blendMode: BlendMode
    /// Multiplies the paint's alpha (0…1).
    public var alpha: Double

    public init(_ kind: Kind, blendMode: BlendMode = .sourceOver, alpha: Double = 1) {
        self.kind = kind; self.blendMode = blendMode; self.alpha = alpha
    }
    /// A solid colour (straight alpha; premultiplied inside).
    public init(_ color: Color, blendMode: BlendMode = .sourceOver, alpha: Double = 1) {
        self.init(.solid(color), blendMode: blendMode, alpha: alpha)
    }
    /// A solid colour, SRC_OVER.
    public static func solid(_ color: Color) -> Paint { Paint(color) }
    /// A linear gradient, SRC_OVER.
    public static func linear(_ gradient: LinearGradient) -> Paint { Paint(.linearGradient(gradient)) }
    /// A conic gradient, SRC_OVER.
    public static func conic(_ gradient: ConicGradient) -> Paint { Paint(.conicGradient(gradient)) }

    /// The same paint with another blend mode.
    public func with(blendMode: BlendMode) -> Paint { var p = self; p.blendMode = blendMode; return p }
    /// The same paint with its global alpha multiplied by `factor`.
    public func with(alpha factor: Double) -> Paint { var p = self; p.alpha *= factor; return p }

    /// The global alpha as 0…255.
    var alpha8: UInt32 { UInt32(max(0, min(1, alpha)) * 255 + 0.5) }
}

/// Receives coverage and writes it to a canvas with a paint.
struct PaintSink: CoverageSink {
    let base: UnsafeMutableRawPointer
    let strideBytes: Int
    let is565: Bool
    let overMode: Bool
    /// Solid colour, premultiplied and scaled by the global alpha (nil for shaded paints).
    let solid: UInt32
    let shader: Shader?
    let globalAlpha: UInt32
    let row: UnsafeMutablePointer<UInt32>
    /// 257, read from memory (see `CoverageCells.div255Multiplier`).
    let m257: UInt16

    init(canvas: Canvas, paint: Paint, maxSpan: Int) {
        base = canvas.pixels; strideBytes = canvas.strideBytes; is565 = canvas.format == .rgb565
        overMode = paint.blendMode == .sourceOver
        let a = paint.alpha8
        globalAlpha = a
        switch paint.kind {
        case .solid(let c):
            solid = PixelMath.scale(c.premultipliedARGB, a); shader = nil
        case .linearGradient(let g):
            solid = 0; shader = g
        case .conicGradient(let g):
            solid = 0; shader = g
        case .image(let s):
            solid = 0; shader = s
        }
        row = canvas.scratch.colorRow(maxSpan)
        m257 = canvas.scratch.cells.div255Multiplier
    }

    /// Shaders pay a set-up cost per call, so short constant spans between edges join the edge masks.
    var mergeLimit: Int { shader == nil ? 0 : 64 }

    @inline(__always) func composite(_ s: UInt32, _ a: UInt32, _ d: UInt32) -> UInt32 {
        if overMode { return PixelMath.over(a == 255 ? s : PixelMath.scale(s, a), d) }
        return a == 255 ? s : PixelMath.lerp(s, d, a)
    }

    @inline(__always) mutating func span(y: Int, x: Int, count: Int, alpha: UInt32) {
        if is565 { return span565(y: y, x: x, count: count, alpha: alpha) }
        let dst = (base + y * strideBytes).assumingMemoryBound(to: UInt32.self) + x
        if let shader {
            let a = globalAlpha == 255 ? alpha : PixelMath.scale(alpha, globalAlpha)
            // Fully covered and nothing shows through: shade straight into the canvas.
            if a == 255 && (!overMode || shader.isOpaque) { shader.shade(x: x, y: y, count: count, into: dst); return }
            shader.shade(x: x, y: y, count: count, into: row)
            if a == 255 {
                if overMode && count >= 8 { return PixelMath.overRow(dst, row, coverage: nil, count, m257: m257) }
                // Opaque source pixels (most of an icon) are plain stores.
                for i in 0..<count {
                    let s = row[i]
                    if s >= 0xFF00_0000 { dst[i] = s } else if s != 0 { dst[i] = PixelMath.over(s, dst[i]) }
                }
                return
            }
            for i in 0..<count { dst[i] = composite(row[i], a, dst[i]) }
            return
        }
        if overMode {
            let c = alpha == 255 ? solid : PixelMath.scale(solid, alpha)
            if c >> 24 == 255 { PixelMath.fill(dst, count, c); return }
            if c == 0 { return }
            PixelMath.blendSolid(dst, count, c, 255 &- (c >> 24), m257: m257)
        } else {
            if alpha == 255 { PixelMath.fill(dst, count, solid); return }
            for i in 0..<count { dst[i] = PixelMath.lerp(solid, dst[i], alpha) }
        }
    }

    @inline(__always) mutating func mask(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        if is565 { return mask565(y: y, x: x, count: count, coverage: coverage) }
        let dst = (base + y * strideBytes).assumingMemoryBound(to: UInt32.self) + x
        if let shader {
            shader.shade(x: x, y: y, count: count, into: row)
            if overMode && globalAlpha == 255 && count >= 8 {
                return PixelMath.overRow(dst, row, coverage: coverage, count, m257: m257)
            }
            let copyFull = !overMode || shader.isOpaque
            for i in 0..<count {
                var a = UInt32(coverage[i])
                if a == 0 { continue }
                if globalAlpha != 255 { a = PixelMath.scale(a, globalAlpha) }
                let s = row[i]
                if a == 255 && (copyFull || s >= 0xFF00_0000) { dst[i] = s; continue }
                dst[i] = composite(s, a, dst[i])
            }
            return
        }
        if overMode {
            // Long masks (glyph rows) go four pixels at a time. The one- and two-pixel masks of shape
            // edges stay in this loop: inlining the vector code there measured slower.
            if count >= 8 { return PixelMath.blendMask(dst, coverage, count, solid, m257: m257) }
            let opaque = solid >> 24 == 255
            for i in 0..<count {
                let a = UInt32(coverage[i])
                if a == 0 { continue }
                if a == 255 && opaque { dst[i] = solid; continue }
                dst[i] = PixelMath.over(a == 255 ? solid : PixelMath.scale(solid, a), dst[i])
            }
            return
        }
        for i in 0..<count {
            let a = UInt32(coverage[i])
            if a == 0 { continue }
            dst[i] = composite(solid, a, dst[i])
        }
    }

    private mutating func span565(y: Int, x: Int, count: Int, alpha: UInt32) {
        let dst = (base + y * strideBytes).assumingMemoryBound(to: UInt16.self) + x
        if let shader { shader.shade(x: x, y: y, count: count, into: row) }
        let a = shader != nil && globalAlpha != 255 ? PixelMath.scale(alpha, globalAlpha) : alpha
        for i in 0..<count {
            let s = shader != nil ? row[i] : solid
            dst[i] = RGB565.pack(composite(s, a, RGB565.unpack(dst[i])))
        }
    }

    private mutating func mask565(y: Int, x: Int, count: Int, coverage: UnsafePointer<UInt8>) {
        let dst = (base + y * strideBytes).assumingMemoryBound(to: UInt16.self) + x
        if let shader { shader.shade(x: x, y: y, count: count, into: row) }
        for i in 0..<count {
            var a = UInt32(coverage[i])
            if a == 0 { continue }
            if shader != nil && globalAlpha != 255 { a = PixelMath.scale(a, globalAlpha) }
            let s = shader != nil ? row[i] : solid
            dst[i] = RGB565.pack(composite(s, a, RGB565.unpack(dst[i])))
        }
    }
}

/// A paint that computes a colour per pixel (premultiplied words, at pixel centres).
protocol Shader: AnyObject {
    func shade(x: Int, y: Int, count: Int, into out: UnsafeMutablePointer<UInt32>)
    /// True when every colour the shader produces is opaque (fully covered spans become copies).
    var isOpaque: Bool { get }
}
