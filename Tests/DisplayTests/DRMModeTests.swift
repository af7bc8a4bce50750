import Testing
import TestSupport
@testable import Display

@Suite("DRM mode strings, mode choice, connector names, CRTC routing")
struct DRMModeTests {
    @Test("Mode strings parse with and without refresh")
    func parsing() throws {
        #expect(
            try ModeRequest(parsing: "1280x800@60") == ModeRequest(width: 1280, height: 800, refreshMilliHz: 60_000))
        #expect(try ModeRequest(parsing: " 800x480 ") == ModeRequest(width: 800, height: 480))
        #expect(
            try ModeRequest(parsing: "1920X1080@59.94")
                == ModeRequest(width: 1920, height: 1080, refreshMilliHz: 59_940))
    }

    @Test(
        "Bad mode strings are refused with the string in the message",
        arguments: [
            "", "1280", "1280x", "x800", "1280x800@", "1280x800@abc", "1280x800@60@60", "0x800", "-5x3", "1280x800@0",
        ])
    func badStrings(text: String) {
        let error = thrownError { _ = try ModeRequest(parsing: text) }
        guard case DisplayError.badConfiguration(let message)? = error else {
            Issue.record("\"\(text)\": \(error.map { "\($0)" } ?? "accepted")")
            return
        }
        #expect(message.contains("\"\(text)\""))
    }

    @Test("Refresh from timings: CEA 1080p60 and 59.94, interlace doubles, double-scan halves")
    func refreshFromTimings() {
        // 1920x1080@60: 148.5 MHz, 2200 x 1125 total → exactly 60 Hz.
        #expect(
            DisplayMode.refreshMilliHz(
                clockKHz: 148_500, htotal: 2200, vtotal: 1125, interlaced: false, doubleScan: false) == 60_000)
        // The 1000/1001 variant: 148.352 MHz → 59.940 Hz.
        #expect(
            DisplayMode.refreshMilliHz(
                clockKHz: 148_352, htotal: 2200, vtotal: 1125, interlaced: false, doubleScan: false) == 59_940)
        #expect(
            DisplayMode.refreshMilliHz(
                clockKHz: 74_250, htotal: 2200, vtotal: 1125, interlaced: true, doubleScan: false) == 60_000)
        #expect(
            DisplayMode.refreshMilliHz(
                clockKHz: 148_500, htotal: 2200, vtotal: 1125, interlaced: false, doubleScan: true) == 30_000)
        #expect(
            DisplayMode.refreshMilliHz(clockKHz: 1, htotal: 0, vtotal: 0, interlaced: false, doubleScan: false) == 0)
    }

    /// A typical HDMI monitor's list: the kernel puts the preferred mode first, but not always.
    let monitor = [
        DisplayMode(width: 1920, height: 1080, refreshMilliHz: 60_000, index: 0),
        DisplayMode(width: 1920, height: 1080, refreshMilliHz: 59_940, index: 1),
        DisplayMode(width: 1920, height: 1080, refreshMilliHz: 60_000, isInterlaced: true, index: 2),
        DisplayMode(width: 1280, height: 800, refreshMilliHz: 59_910, isPreferred: true, index: 3),
        DisplayMode(width: 1280, height: 720, refreshMilliHz: 50_000, index: 4),
        DisplayMode(width: 1280, height: 720, refreshMilliHz: 60_000, index: 5),
    ]

    @Test("No request: the preferred mode, else the first progressive one")
    func noRequest() {
        #expect(ModeChooser.choose(from: monitor, request: nil)?.index == 3)
        let noPreferred = monitor.map {
            var m = $0; m.isPreferred = false; return m
        }
        #expect(ModeChooser.choose(from: noPreferred, request: nil)?.index == 0)
        let interlacedFirst = [monitor[2], monitor[4]]
        #expect(ModeChooser.choose(from: interlacedFirst, request: nil)?.index == 4)
        #expect(ModeChooser.choose(from: [], request: nil) == nil)
    }

    @Test("A request picks the size, then the nearest refresh within half a hertz")
    func withRequest() throws {
        #expect(ModeChooser.choose(from: monitor, request: try ModeRequest(parsing: "1920x1080@60"))?.index == 0)
        #expect(ModeChooser.choose(from: monitor, request: try ModeRequest(parsing: "1920x1080@59.94"))?.index == 1)
        #expect(ModeChooser.choose(from: monitor, request: try ModeRequest(parsing: "1280x800@60"))?.index == 3)
        // The fastest of them.
        #expect(ModeChooser.choose(from: monitor, request: try ModeRequest(parsing: "1280x720"))?.index == 5)
        #expect(ModeChooser.choose(from: monitor, request: try ModeRequest(parsing: "1280x720@75")) == nil)
        #expect(ModeChooser.choose(from: monitor, request: try ModeRequest(parsing: "640x480")) == nil)
    }

    @Test("A replugged panel keeps its layout at the same size; the refresh may move; another size is another panel")
    func replugSameLayout() {
        func m(_ w: Int, _ h: Int, _ mhz: Int, preferred: Bool = false, _ i: Int) -> DisplayMode {
            DisplayMode(width: w, height: h, refreshMilliHz: mhz, isPreferred: preferred, index: i)
        }
        // In use: a CVT 800x480 at 59.48 Hz; the panel comes back listing its EDID's 59.94 Hz mode first.
        let inUse = m(800, 480, 59_476, preferred: true, 1)
        let back = [m(800, 480, 59_940, preferred: true, 0), m(4096, 2160, 60_000, 1), m(800, 480, 59_476, 2)]
        #expect(ModeChooser.sameLayout(as: inUse, request: nil, in: back)?.index == 2, "the mode in use when offered")
        let moved = [m(4096, 2160, 60_000, 0), m(800, 480, 59_940, preferred: true, 1), m(800, 480, 50_000, 2)]
        #expect(ModeChooser.sameLayout(as: inUse, request: nil, in: moved)?.index == 1, "else the nearest refresh")
        let slow = [m(800, 480, 50_000, 0), m(800, 480, 30_000, preferred: true, 1)]
        #expect(
            ModeChooser.sameLayout(as: inUse, request: nil, in: slow)?.index == 1, "no refresh asked: the preferred")
        let asked = ModeRequest(width: 800, height: 480, refreshMilliHz: 60_000)
        #expect(
            ModeChooser.sameLayout(as: inUse, request: asked, in: slow) == nil, "a refresh asked for stays asked for")
        #expect(ModeChooser.sameLayout(as: inUse, request: nil, in: [m(1024, 600, 60_000, 0)]) == nil)
    }

    @Test("Connector names follow the kernel's spelling")
    func connectorNames() {
        #expect(DRMTopology.connectorName(type: 11, typeID: 1) == "HDMI-A-1")
        #expect(DRMTopology.connectorName(type: 16, typeID: 1) == "DSI-1")
        #expect(DRMTopology.connectorName(type: 15, typeID: 1) == "Virtual-1")
        #expect(DRMTopology.connectorName(type: 99, typeID: 2) == "Type99-2")
    }

    @Test("CRTC routing keeps the current CRTC, else the first free possible one")
    func crtcRouting() {
        let crtcs: [UInt32] = [40, 41, 42]
        let current = DRMTopology.Encoder(id: 7, currentCRTC: 41, possibleCRTCs: 0b111)
        #expect(DRMTopology.chooseCRTC(currentEncoder: 7, encoders: [current], crtcIDs: crtcs)! == (41, 7))
        let idle = DRMTopology.Encoder(id: 8, currentCRTC: 0, possibleCRTCs: 0b110)
        #expect(DRMTopology.chooseCRTC(currentEncoder: 0, encoders: [idle], crtcIDs: crtcs)! == (41, 8))
        #expect(
            DRMTopology.chooseCRTC(currentEncoder: 0, encoders: [idle], crtcIDs: crtcs, busyCRTCs: [41])! == (42, 8))
        #expect(
            DRMTopology.chooseCRTC(currentEncoder: 0, encoders: [idle], crtcIDs: crtcs, busyCRTCs: [41, 42])! == (41, 8)
        )
        #expect(DRMTopology.chooseCRTC(currentEncoder: 0, encoders: [], crtcIDs: crtcs) == nil)
    }
}
