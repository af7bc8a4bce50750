import Bench
import Core
import Testing
@testable import Display

@Suite("Display selection: DRM, then fbdev, then headless")
struct DisplaySelectorTests {
    /// A selector whose DRM and fbdev openers fail with the given errors (nil: they succeed with a
    /// headless stand-in of the matching size) and that records what was tried.
    final class Attempts { var tried: [String] = [] }

    func selector(drm: DisplayError?, fbdev: DisplayError?, attempts: Attempts) -> DisplaySelector {
        DisplaySelector(
            openDRM: { _ in
                attempts.tried.append("drm")
                if let drm { throw drm }
                return HeadlessDisplay(canvas: PixelSize(width: 10, height: 10))
            },
            openFBDev: { _, _ in
                attempts.tried.append("fbdev")
                if let fbdev { throw fbdev }
                return HeadlessDisplay(canvas: PixelSize(width: 20, height: 20))
            },
            makeHeadless: { size, rotation in
                attempts.tried.append("headless")
                return HeadlessDisplay(canvas: size, rotation: rotation)
            })
    }

    @Test("Automatic takes DRM when it works and tries nothing else")
    func drmFirst() throws {
        let a = Attempts()
        let s = try selector(drm: nil, fbdev: nil, attempts: a).select(DisplayConfig())
        #expect(a.tried == ["drm"])
        #expect(s.output.canvasSize == PixelSize(width: 10, height: 10))
    }

    @Test("Automatic falls back to fbdev and says why DRM was not used")
    func fbdevFallback() throws {
        let a = Attempts()
        let s = try selector(drm: .noDevice("no /dev/dri/card*"), fbdev: nil, attempts: a).select(DisplayConfig())
        #expect(a.tried == ["drm", "fbdev"])
        #expect(s.logLine.contains("DRM not used: no /dev/dri/card*"))
    }

    @Test("Automatic ends headless with both reasons in the log line")
    func headlessLast() throws {
        let a = Attempts()
        let config = DisplayConfig(headlessSize: PixelSize(width: 64, height: 48), rotation: .deg90)
        let s = try selector(
            drm: .unsupported(device: "/dev/dri/card0", reason: "no dumb buffers"),
            fbdev: .noDevice("/dev/fb0 does not exist"), attempts: a
        ).select(config)
        #expect(a.tried == ["drm", "fbdev", "headless"])
        #expect(s.output.kind == .headless)
        #expect(s.output.canvasSize == PixelSize(width: 64, height: 48))
        #expect(s.output.rotation == .deg90)
        #expect(s.logLine.contains("no dumb buffers") && s.logLine.contains("/dev/fb0 does not exist"))
    }

    @Test("A card with no display connected is reported for retry, not papered over by fbdev")
    func transientDRMIsThrown() {
        let a = Attempts()
        #expect(throws: DisplayError.noConnectedDisplay(device: "/dev/dri/card0")) {
            try selector(drm: .noConnectedDisplay(device: "/dev/dri/card0"), fbdev: nil, attempts: a).select(
                DisplayConfig())
        }
        #expect(a.tried == ["drm"])
        #expect(DisplayError.noConnectedDisplay(device: "x").isTransient)
        #expect(DisplayError.displayBusy(device: "x").isTransient)
        #expect(!DisplayError.noDevice("x").isTransient)
    }

    @Test("A forced backend is the only one tried, and its error is thrown")
    func forced() throws {
        let a = Attempts()
        #expect(throws: DisplayError.noDevice("/dev/fb0 does not exist")) {
            try selector(drm: nil, fbdev: .noDevice("/dev/fb0 does not exist"), attempts: a).select(
                DisplayConfig(backend: .fbdev))
        }
        #expect(a.tried == ["fbdev"])
        let b = Attempts()
        let s = try selector(drm: nil, fbdev: nil, attempts: b).select(DisplayConfig(backend: .headless))
        #expect(b.tried == ["headless"])
        #expect(s.logLine.contains("forced by config"))
    }

    @Test("The real selector with the headless backend needs no device")
    func realHeadless() throws {
        let s = try DisplaySelector().select(
            DisplayConfig(backend: .headless, headlessSize: PixelSize(width: 8, height: 6)))
        #expect(s.output.kind == .headless)
        #expect(s.output.pollDescriptor == nil)
    }
}

@Suite("Copy benchmark output")
struct DisplayBenchmarkTests {
    @Test("The benchmark covers every rotation and format at both damage sizes and prints a row each")
    func coversEveryCase() {
        let results = DisplayBenchmark.run(width: 96, height: 64, minimumSeconds: 0.001)
        #expect(results.count == DisplayRotation.allCases.count * ScanoutFormat.allCases.count * 2)
        #expect(results.allSatisfy { $0.nanosecondsPerPixel > 0 && $0.nanosecondsPerPresent > 0 })
        let table = DisplayBenchmark.table(results)
        #expect(table.split(separator: "\n").count == results.count + 1)
    }
}
