import Core
import Testing
import TestSupport
@testable import Display

@Suite("fbdev screen info interpretation")
struct FramebufferLayoutTests {
    /// A 32 bpp XRGB framebuffer as simplefb / DRM fbdev emulation report it.
    func xrgb(yresVirtual: Int = 480, memory: Int = 800 * 4 * 480, panStep: Int = 1) -> FramebufferInfo {
        FramebufferInfo(
            xres: 800, yres: 480, xresVirtual: 800, yresVirtual: yresVirtual, bitsPerPixel: 32,
            red: (16, 8), green: (8, 8), blue: (0, 8), lineLength: 3200, memoryLength: memory,
            yPanStep: panStep, widthMM: 154, heightMM: 86)
    }

    @Test("32 bpp XRGB with room for two pages double-buffers by panning")
    func xrgbTwoPages() throws {
        let layout = try FramebufferLayout(info: xrgb(yresVirtual: 960, memory: 3200 * 960), device: "fb")
        #expect(layout.format == .xrgb8888)
        #expect(layout.pageOffsets == [0, 3200 * 480])
        #expect(layout.pageYOffsets == [0, 480])
        #expect(layout.physicalSizeMM == PixelSize(width: 154, height: 86))
    }

    @Test("One page when the virtual height, the memory or the pan step does not allow two")
    func singlePage() throws {
        #expect(
            try FramebufferLayout(info: xrgb(yresVirtual: 480, memory: 3200 * 960), device: "fb").pageOffsets == [0])
        #expect(
            try FramebufferLayout(info: xrgb(yresVirtual: 960, memory: 3200 * 480), device: "fb").pageOffsets == [0])
        #expect(
            try FramebufferLayout(info: xrgb(yresVirtual: 960, memory: 3200 * 960, panStep: 0), device: "fb")
                .pageOffsets == [0])
        #expect(
            try FramebufferLayout(info: xrgb(yresVirtual: 960, memory: 3200 * 960, panStep: 7), device: "fb")
                .pageOffsets == [0])
    }

    @Test("A KMS driver's fbdev emulation is never panned, even with room for two pages")
    func drmEmulationSinglePage() throws {
        var info = xrgb(yresVirtual: 960, memory: 3200 * 960)
        info.identifier = "virtio_gpudrmfb"
        #expect(info.isDRMEmulation)
        #expect(try FramebufferLayout(info: info, device: "fb").pageOffsets == [0])
        info.identifier = "BCM2708 FB"
        #expect(try FramebufferLayout(info: info, device: "fb").pageOffsets.count == 2)
    }

    @Test("16 bpp 5/6/5 is RGB565 with its own line length; unknown mm sizes are nil")
    func rgb565() throws {
        let info = FramebufferInfo(
            xres: 320, yres: 240, xresVirtual: 320, yresVirtual: 480, bitsPerPixel: 16,
            red: (11, 5), green: (5, 6), blue: (0, 5), lineLength: 640, memoryLength: 640 * 480,
            yPanStep: 1, widthMM: UInt32.max, heightMM: UInt32.max)
        let layout = try FramebufferLayout(info: info, device: "fb")
        #expect(layout.format == .rgb565)
        #expect(layout.pitch == 640)
        #expect(layout.pageOffsets == [0, 640 * 240])
        #expect(layout.physicalSizeMM == nil)
    }

    @Test("BGR order, 24 bpp and too-short lines are refused with the reason")
    func refused() {
        var bgr = xrgb()
        bgr.red = (0, 8); bgr.blue = (16, 8)
        var packed = xrgb()
        packed.bitsPerPixel = 24
        var short = xrgb()
        short.lineLength = 3000
        for (info, word) in [(bgr, "neither"), (packed, "24 bpp"), (short, "too small")] {
            let error = thrownError { _ = try FramebufferLayout(info: info, device: "/dev/fb0") }
            guard case DisplayError.unsupported(let device, let reason)? = error else {
                Issue.record("\(word): \(error.map { "\($0)" } ?? "accepted")")
                continue
            }
            #expect(device == "/dev/fb0" && reason.contains(word))
        }
    }
}
