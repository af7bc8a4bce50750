import Core
import CLinux
import Glibc
import Platform

/// The framebuffer-device output (/dev/fb0): for boards without a KMS driver. Double-buffers by
/// panning between two pages when the driver allows it, else draws straight into the screen.
public final class FBDevDisplay: DisplayOutput {
    public let kind = DisplayKind.fbdev
    public let rotation: DisplayRotation
    public let physicalSizeMM: PixelSize?
    public let pollDescriptor: Int32? = nil
    public private(set) var isPaused = false
    public let devicePath: String
    public let layout: FramebufferLayout
    /// True when this is a KMS driver's fbdev emulation (no panning used there).
    public let drmEmulation: Bool

    private let fd: Int32
    private let memory: UnsafeMutableRawPointer
    private let memoryLength: Int
    private var scanout: BufferedScanout
    /// The screen info found at open, put back on close.
    private var originalVar: fb_var_screeninfo
    /// True when we grew yres_virtual: only then is the whole screen info written back on close
    /// (otherwise panning back to the original offset is enough and disturbs nothing).
    private let grewVirtualHeight: Bool
    private var waitForVSync = true
    private var closed = false

    /// FBIO_WAITFORVSYNC is _IOW('F', 0x20, __u32): a function-like macro that does not import.
    private static let waitForVSyncRequest: UInt = (1 << 30) | (4 << 16) | (0x46 << 8) | 0x20

    /// Opens `path`, reads its screen info, asks for a double-height virtual screen when the
    /// memory holds two pages, and maps it.
    public init(path: String = "/dev/fb0", rotation: DisplayRotation = .deg0) throws {
        let fd = open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else {
            let e = currentErrno
            throw e == ENOENT
                ? DisplayError.noDevice("\(path) does not exist")
                : DisplayError.systemCall(device: path, call: "open", errno: e)
        }
        var ok = false
        defer { if !ok { Glibc.close(fd) } }
        var v = fb_var_screeninfo(), f = fb_fix_screeninfo()
        guard tw_ioctl_ptr(fd, UInt(FBIOGET_VSCREENINFO), &v) == 0, tw_ioctl_ptr(fd, UInt(FBIOGET_FSCREENINFO), &f) == 0
        else {
            throw DisplayError.systemCall(device: path, call: "FBIOGET_*SCREENINFO", errno: currentErrno)
        }
        originalVar = v
        var info = Self.info(v, f)
        var grew = false
        if FramebufferLayout.canHoldTwoPages(info) && info.yresVirtual < 2 * info.yres {
            // Many drivers accept a taller virtual screen inside the memory they already have.
            var taller = v
            taller.yres_virtual = v.yres * 2
            taller.yoffset = 0
            if tw_ioctl_ptr(fd, UInt(FBIOPUT_VSCREENINFO), &taller) == 0,
                tw_ioctl_ptr(fd, UInt(FBIOGET_VSCREENINFO), &v) == 0,
                tw_ioctl_ptr(fd, UInt(FBIOGET_FSCREENINFO), &f) == 0
            {
                info = Self.info(v, f)
                grew = true
            }
        }
        let layout = try FramebufferLayout(info: info, device: path)
        guard let map = mmap(nil, Int(f.smem_len), PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED else {
            throw DisplayError.systemCall(device: path, call: "mmap", errno: currentErrno)
        }
        ok = true
        grewVirtualHeight = grew
        drmEmulation = info.isDRMEmulation
        self.fd = fd
        devicePath = path
        self.layout = layout
        self.rotation = rotation
        memory = map
        memoryLength = Int(f.smem_len)
        physicalSizeMM = layout.physicalSizeMM.map { rotation.swapsAxes ? $0.transposed : $0 }
        scanout = BufferedScanout(
            buffers: layout.pageOffsets.map {
                ScanoutBuffer(
                    base: map + $0, width: layout.width, height: layout.height, strideBytes: layout.pitch,
                    format: layout.format)
            },
            rotation: rotation)
    }

    deinit { close() }

    /// Copies the C structs into the testable description.
    static func info(_ v: fb_var_screeninfo, _ f: fb_fix_screeninfo) -> FramebufferInfo {
        FramebufferInfo(
            xres: Int(v.xres), yres: Int(v.yres), xresVirtual: Int(v.xres_virtual), yresVirtual: Int(v.yres_virtual),
            bitsPerPixel: Int(v.bits_per_pixel),
            red: (Int(v.red.offset), Int(v.red.length)), green: (Int(v.green.offset), Int(v.green.length)),
            blue: (Int(v.blue.offset), Int(v.blue.length)),
            lineLength: Int(f.line_length), memoryLength: Int(f.smem_len), yPanStep: Int(f.ypanstep),
            widthMM: v.width, heightMM: v.height, identifier: fixedID(f))
    }

    /// fix.id: a char[16] that may lack its terminating zero.
    static func fixedID(_ f: fb_fix_screeninfo) -> String {
        var id = f.id
        return withUnsafeBytes(of: &id) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }

    public var canvasSize: PixelSize { scanout.canvasSize }
    public var summary: String {
        "fbdev \(devicePath) \(layout.width)x\(layout.height) \(layout.format) \(layout.pageOffsets.count == 2 ? "2 pages (panning)" : "1 page (no panning\(drmEmulation ? " on DRM emulation" : ""))") rotation \(rotation)"
    }

    public func present(_ frame: SourceFrame, damage: [PixelRect]) throws -> PresentOutcome {
        if isPaused || closed { scanout.record(damage); return .paused }
        guard let written = scanout.render(frame, damage: damage) else { return .deferred }
        if layout.pageOffsets.count > 1 { try pan(to: written.index) }
        scanout.update { $0.shownImmediately(written.index) }
        return .shown
    }

    public func handleEvents() throws -> Bool { false }

    /// Stops drawing (the console or another program has the screen now).
    public func pause() throws { isPaused = true }

    /// Draws again; the next present repaints the whole screen, which the console overwrote.
    public func resume() throws {
        guard isPaused else { return }
        isPaused = false
        scanout.update { $0.resetAfterPause() }
    }

    public func close() {
        guard !closed else { return }
        closed = true
        if grewVirtualHeight {
            _ = tw_ioctl_ptr(fd, UInt(FBIOPUT_VSCREENINFO), &originalVar)  // the old size and offset
        } else if layout.pageOffsets.count > 1 {
            _ = tw_ioctl_ptr(fd, UInt(FBIOPAN_DISPLAY), &originalVar)  // the old offset
        }
        munmap(memory, memoryLength)
        Glibc.close(fd)
    }

    /// Pans to `page`, then waits for the vertical blank so the page shown before is no longer
    /// scanned out when it is written next (skipped for good once the driver refuses).
    private func pan(to page: Int) throws {
        var v = fb_var_screeninfo()
        guard tw_ioctl_ptr(fd, UInt(FBIOGET_VSCREENINFO), &v) == 0 else {
            throw DisplayError.systemCall(device: devicePath, call: "FBIOGET_VSCREENINFO", errno: currentErrno)
        }
        v.xoffset = 0
        v.yoffset = UInt32(layout.pageYOffsets[page])
        guard tw_ioctl_ptr(fd, UInt(FBIOPAN_DISPLAY), &v) == 0 else {
            throw DisplayError.systemCall(device: devicePath, call: "FBIOPAN_DISPLAY", errno: currentErrno)
        }
        if waitForVSync {
            var crtc: UInt32 = 0
            if tw_ioctl_ptr(fd, Self.waitForVSyncRequest, &crtc) != 0 {
                // Once, as it is never asked again: without the wait a page may tear while it is written.
                Log.notice(
                    "display: \(devicePath) refuses FBIO_WAITFORVSYNC (\(errnoText(currentErrno))); pages are written without waiting for the vertical blank"
                )
                waitForVSync = false
            }
        }
    }
}
