import Core
/// The fbdev screen description, copied out of fb_var_screeninfo and fb_fix_screeninfo so the
/// interpretation below is tested with data.
public struct FramebufferInfo: Sendable, Equatable {
    public var xres: Int, yres: Int
    public var xresVirtual: Int, yresVirtual: Int
    public var bitsPerPixel: Int
    /// Channel bit offsets and lengths (fb_bitfield).
    public var red: (offset: Int, length: Int)
    public var green: (offset: Int, length: Int)
    public var blue: (offset: Int, length: Int)
    /// Bytes per line (fix.line_length) and mapped memory size (fix.smem_len).
    public var lineLength: Int
    public var memoryLength: Int
    /// Vertical pan granularity (fix.ypanstep); 0 means the driver cannot pan vertically.
    public var yPanStep: Int
    /// Physical size in mm (var.width/height); 0 or all-ones (-1) when unknown.
    public var widthMM: UInt32, heightMM: UInt32
    /// The driver's name for the framebuffer (fix.id), e.g. "virtio_gpudrmfb", "BCM2708 FB".
    public var identifier: String

    public init(
        xres: Int, yres: Int, xresVirtual: Int, yresVirtual: Int, bitsPerPixel: Int,
        red: (offset: Int, length: Int), green: (offset: Int, length: Int), blue: (offset: Int, length: Int),
        lineLength: Int, memoryLength: Int, yPanStep: Int, widthMM: UInt32 = 0, heightMM: UInt32 = 0,
        identifier: String = ""
    ) {
        self.xres = xres; self.yres = yres; self.xresVirtual = xresVirtual; self.yresVirtual = yresVirtual
        self.bitsPerPixel = bitsPerPixel; self.red = red; self.green = green; self.blue = blue
        self.lineLength = lineLength; self.memoryLength = memoryLength; self.yPanStep = yPanStep
        self.widthMM = widthMM; self.heightMM = heightMM; self.identifier = identifier
    }

    /// True for the fbdev emulation of a KMS driver (its id ends in "drmfb"). Panning there goes
    /// through the DRM fbdev helper, and on virtio-gpu (Linux 6.1, measured) the second page
    /// scans out black; on such systems the DRM output is the one to use anyway.
    public var isDRMEmulation: Bool { identifier.hasSuffix("drmfb") }

    public static func == (a: Self, b: Self) -> Bool {
        a.xres == b.xres && a.yres == b.yres && a.xresVirtual == b.xresVirtual && a.yresVirtual == b.yresVirtual
            && a.bitsPerPixel == b.bitsPerPixel && a.red == b.red && a.green == b.green && a.blue == b.blue
            && a.lineLength == b.lineLength && a.memoryLength == b.memoryLength && a.yPanStep == b.yPanStep
            && a.widthMM == b.widthMM && a.heightMM == b.heightMM && a.identifier == b.identifier
    }
}

/// How Thumbwheel uses a framebuffer: its format, and one or two pages to draw and pan between.
public struct FramebufferLayout: Sendable, Equatable {
    public var format: ScanoutFormat
    public var width: Int, height: Int
    /// Bytes per line.
    public var pitch: Int
    /// Byte offset of each page in the mapping; two pages mean double buffering by panning.
    public var pageOffsets: [Int]
    /// The vertical pan offset (var.yoffset) that shows each page.
    public var pageYOffsets: [Int]
    public var physicalSizeMM: PixelSize?

    /// The pixel format, from bit depth and channel positions: 32 bpp with red at 16, green at
    /// 8, blue at 0 (8 bits each) is XRGB8888; 16 bpp with 5/6/5 bits at 11/5/0 is RGB565.
    /// Other layouts (BGR order, 24 bpp, palettes) are refused.
    public static func format(of info: FramebufferInfo) -> ScanoutFormat? {
        if info.bitsPerPixel == 32 && info.red == (16, 8) && info.green == (8, 8) && info.blue == (0, 8) {
            return .xrgb8888
        }
        if info.bitsPerPixel == 16 && info.red == (11, 5) && info.green == (5, 6) && info.blue == (0, 5) {
            return .rgb565
        }
        return nil
    }

    /// True when two pages fit in memory, the driver pans in steps that land on the second page,
    /// and it is not a KMS driver's emulation (see `FramebufferInfo.isDRMEmulation`).
    public static func canHoldTwoPages(_ info: FramebufferInfo) -> Bool {
        !info.isDRMEmulation && info.yPanStep > 0 && info.yres % info.yPanStep == 0
            && info.memoryLength >= info.lineLength * info.yres * 2
    }

    /// Interprets `info`; `device` names it in errors.
    public init(info: FramebufferInfo, device: String) throws {
        guard info.xres > 0, info.yres > 0 else {
            throw DisplayError.unsupported(device: device, reason: "reports an empty screen \(info.xres)x\(info.yres)")
        }
        guard let format = Self.format(of: info) else {
            throw DisplayError.unsupported(
                device: device,
                reason:
                    "pixel layout \(info.bitsPerPixel) bpp, red \(info.red.offset)/\(info.red.length) green \(info.green.offset)/\(info.green.length) blue \(info.blue.offset)/\(info.blue.length) is neither XRGB8888 nor RGB565"
            )
        }
        guard info.lineLength >= info.xres * format.bytesPerPixel, info.memoryLength >= info.lineLength * info.yres
        else {
            throw DisplayError.unsupported(
                device: device,
                reason:
                    "line length \(info.lineLength) or memory \(info.memoryLength) too small for \(info.xres)x\(info.yres)"
            )
        }
        self.format = format
        width = info.xres
        height = info.yres
        pitch = info.lineLength
        let pages = Self.canHoldTwoPages(info) && info.yresVirtual >= 2 * info.yres ? 2 : 1
        pageYOffsets = (0..<pages).map { $0 * info.yres }
        pageOffsets = pageYOffsets.map { $0 * info.lineLength }
        let known = { (v: UInt32) in v != 0 && v != UInt32.max }
        physicalSizeMM =
            known(info.widthMM) && known(info.heightMM)
            ? PixelSize(width: Int(info.widthMM), height: Int(info.heightMM)) : nil
    }
}
