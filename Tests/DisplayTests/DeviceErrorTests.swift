import Glibc
import Testing
import TestSupport
@testable import Display

/// The device outputs' paths that need no hardware: discovery and the errors for missing or wrong
/// device nodes. (The real DRM and fbdev paths run in the VM test.)
@Suite("Device discovery and device errors without hardware")
struct DeviceErrorTests {
    /// A fresh directory under /tmp, removed by the caller.
    func makeTemporaryDirectory() throws -> String { TestSupport.makeTemporaryDirectory("display") }

    /// Removes the files made by `touch` and then the directory.
    func removeDirectory(_ dir: String) {
        for name in ["card0", "card2", "card10", "renderD128", "cardX", "by-path", "fb0", "tty1"] {
            unlink("\(dir)/\(name)")
        }
        rmdir(dir)
    }

    func touch(_ path: String) {
        let fd = open(path, O_CREAT | O_WRONLY, 0o600)
        if fd >= 0 { close(fd) }
    }

    @Test("Card nodes are found in numeric order, render nodes and others ignored")
    func cardDiscovery() throws {
        let dir = try makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        for name in ["card10", "card2", "renderD128", "card0", "cardX", "by-path"] { touch("\(dir)/\(name)") }
        #expect(DRMCard.cardPaths(directory: dir) == ["\(dir)/card0", "\(dir)/card2", "\(dir)/card10"])
        #expect(DRMCard.cardPaths(directory: "\(dir)/missing").isEmpty)
    }

    @Test("A configured card that does not exist is an open error naming the path")
    func missingCard() {
        #expect(throws: DisplayError.systemCall(device: "/nonexistent/card0", call: "open", errno: ENOENT)) {
            try DRMDisplay.open(DRMOptions(cardPath: "/nonexistent/card0"))
        }
    }

    @Test("A file that is not a DRM device is refused: no dumb buffers")
    func notACard() throws {
        let dir = try makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        touch("\(dir)/card0")
        #expect(throws: DisplayError.unsupported(device: "\(dir)/card0", reason: "no dumb buffers")) {
            try DRMDisplay.open(DRMOptions(cardPath: "\(dir)/card0"))
        }
    }

    @Test("A missing framebuffer is 'no device'; a file that is not one fails its screen-info ioctl")
    func fbdevErrors() throws {
        #expect(throws: DisplayError.noDevice("/nonexistent/fb0 does not exist")) {
            try FBDevDisplay(path: "/nonexistent/fb0")
        }
        let dir = try makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        touch("\(dir)/fb0")
        #expect(throws: DisplayError.systemCall(device: "\(dir)/fb0", call: "FBIOGET_*SCREENINFO", errno: ENOTTY)) {
            try FBDevDisplay(path: "\(dir)/fb0")
        }
    }

    @Test("A file that is not a terminal cannot be put in graphics mode")
    func notATerminal() throws {
        let dir = try makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        touch("\(dir)/tty1")
        #expect(throws: DisplayError.systemCall(device: "\(dir)/tty1", call: "KDSETMODE KD_GRAPHICS", errno: ENOTTY)) {
            try VirtualTerminal(path: "\(dir)/tty1")
        }
    }

    @Test("The inventory says when there are no cards, and why a card could not be probed")
    func inventory() throws {
        let dir = try makeTemporaryDirectory()
        defer { removeDirectory(dir) }
        #expect(DRMInventory.describe(directory: dir) == ["no \(dir)/card* (no KMS driver loaded?)"])
        touch("\(dir)/card0")
        let lines = DRMInventory.describe(directory: dir)
        #expect(lines.count == 1)
        #expect(lines[0].hasPrefix("\(dir)/card0: ") && lines[0].contains("not a mode-setting device"))
    }

    @Test("Permission errors carry the hint about the video group")
    func permissionHint() {
        #expect(
            DisplayError.systemCall(device: "/dev/dri/card0", call: "open", errno: EACCES).description.contains(
                "'video' group"))
        #expect(
            !DisplayError.systemCall(device: "/dev/dri/card0", call: "open", errno: ENOENT).description.contains(
                "video"))
    }
}
