import AssetFiles
import Glibc
import Raster
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// The cases below add one section or key to the minimal config.
private let screen = minimalScreenConfig

/// The warnings `text` gives as a config called bad.toml (it must load).
private func warnings(_ text: String) throws -> [String] {
    try ConfigLoader.parse(text: text, file: "bad.toml").warnings.map(\.description)
}

/// A file in a fresh temporary directory holding `bytes`, with `mode`.
private func file(_ name: String, _ bytes: [UInt8], mode: mode_t = 0o644) throws -> String {
    let path = makeTemporaryDirectory("runtime") + "/" + name
    try FileIO.writeAtomically(bytes, to: path, mode: mode)
    return path
}

@Suite("check-config catches what start-up and run time would hit (issue 21)")
struct ConfigRunTimeTests {
    /// Bad configs whose trouble does not depend on this machine, and their exact messages.
    static let cases: [(String, String)] = [
        // Numbers: "finite" is in the expectation, the value is named as TOML writes it.
        (
            screen + "  max = nan\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].max: expected a finite number, found nan"
        ),
        (
            screen + "  padding = inf\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].padding: expected a number from 0 to 131072, found inf"
        ),
        (
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"circular-slider\"\n  id = \"d\"\n  frame = [0, 0, -inf, 1]\n",
            "bad.toml:6:3: screens[id=a].controls[id=d].frame: expected an array of 4 finite numbers, found an array holding -inf"
        ),
        // The socket and the state file: absolute, and not something else already there.
        (
            "[socket]\npath = \"control.sock\"\n" + screen,
            "bad.toml:2:1: socket.path: expected an absolute path to a file the kiosk may create, found \"control.sock\" (relative: it would depend on the directory the kiosk is started in)"
        ),
        (
            "[socket]\npath = \"/etc/hostname\"\n" + screen,
            "bad.toml:2:1: socket.path: expected an absolute path to a file the kiosk may create, found \"/etc/hostname\" (it exists and is not a socket; the kiosk would not replace it)"
        ),
        (
            "[socket]\npath = \"/etc/hostname/control.sock\"\n" + screen,
            "bad.toml:2:1: socket.path: expected an absolute path to a file the kiosk may create, found \"/etc/hostname/control.sock\" (/etc/hostname is not a directory)"
        ),
        (
            "[socket]\ngroup = \"\"\n" + screen,
            "bad.toml:2:1: socket.group: expected a group name, found an empty string"
        ),
        (
            "[state]\npath = \"/tmp\"\n" + screen,
            "bad.toml:2:1: state.path: expected an absolute path to a file the kiosk may create, found \"/tmp\" (a directory)"
        ),
        (
            "[state]\npath = \"\"\n" + screen,
            "bad.toml:2:1: state.path: expected an absolute path to a file the kiosk may create, found \"\" (empty)"
        ),
        // Hooks: a program that is there but cannot run.
        (
            screen + "    [screens.controls.hooks]\n    on_release = [\"/tmp\"]\n",
            "bad.toml:9:5: screens[id=main].controls[id=dial].hooks.on_release: expected a program the kiosk can run, found \"/tmp\" (a directory)"
        ),
        (
            "[[screens]]\nid = \"main\"\n  [[screens.controls]]\n  kind = \"button\"\n  id = \"b\"\n  frame = [0, 0, 99, 60]\n  text = \"Go\"\n"
                + "  actions = [{ hook = [\"/etc\"] }]\n",
            "bad.toml:8:16: screens[id=main].controls[id=b].actions[0].hook: expected a program the kiosk can run, found \"/etc\" (a directory)"
        ),
        // Device nodes and the backlight: the wrong kind of file.
        (
            "[display]\ndevice = \"/etc/hostname\"\n" + screen,
            "bad.toml:2:1: display.device: expected a device node, found \"/etc/hostname\" (not a character device)"
        ),
        (
            "[display]\nterminal = \"/tmp\"\n" + screen,
            "bad.toml:2:1: display.terminal: expected a device node, found \"/tmp\" (a directory)"
        ),
        (
            "[input]\ndevice = \"/etc/hostname\"\n" + screen,
            "bad.toml:2:1: input.device: expected a device node, found \"/etc/hostname\" (not a character device)"
        ),
        (
            "[idle]\nbacklight = \"/tmp\"\n" + screen,
            "bad.toml:2:1: idle.backlight: expected a backlight directory such as /sys/class/backlight/NAME, found \"/tmp\" (no readable max_brightness in it)"
        ),
        (
            "[input]\ncalibration = [1, 2, 0, 2, 4, 0]\n" + screen,
            "bad.toml:2:1: input.calibration: expected an invertible matrix (a·e − b·d ≠ 0, or every touch lands on one line), found a·e − b·d = 0"
        ),
        // Sizes that would cost memory or time.
        (
            screen + "  labels = [" + Array(repeating: "\"x\"", count: 1001).joined(separator: ", ") + "]\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].labels: expected at most 1000 items, found 1001"
        ),
        (
            "[[screens]]\nid = \"a\"\ntitle = \"" + String(repeating: "é", count: 2049) + "\"\n",
            "bad.toml:3:1: screens[id=a].title: expected a string of at most 4096 bytes, found 4098 bytes"
        ),
        (
            screen + "  labels = [\"" + String(repeating: "x", count: 5000) + "\"]\n",
            "bad.toml:8:3: screens[id=main].controls[id=dial].labels: expected strings of at most 4096 bytes, found one of 5000 bytes"
        ),
        (
            "# " + String(repeating: "x", count: 1 << 20) + "\n" + screen,
            "bad.toml:1:1: expected at most 1048576 bytes, found 1048695"
        ),
    ]

    @Test("A table of bad configs gives exactly these messages", arguments: cases)
    func badConfig(text: String, message: String) {
        #expect(errors(text) == [message])
    }

    @Test("A PNG that is truncated, or larger than the decoder takes, is an error at load")
    func badImages() throws {
        let big = Bitmap(width: PNGImage.maxSide + 1, height: 1)
        let bigPath = makeTemporaryDirectory("png") + "/wide.png"
        try PNGImage.write(big, to: bigPath)
        #expect(
            errors(screen + "  handle_image = \"\(bigPath)\"\n") == [
                "bad.toml:8:3: screens[id=main].controls[id=dial].handle_image: expected a PNG the kiosk can show, found \"\(bigPath)\" (4097 x 1 pixels is larger than 4096 x 4096)"
            ])
        let good = try PNGImage.encode(Bitmap(width: 8, height: 8))
        let cut = try file("cut.png", Array(good.prefix(40)))
        let found = errors(screen + "  handle_image = \"\(cut)\"\n")
        #expect(
            found.count == 1
                && found[0].hasPrefix(
                    "bad.toml:8:3: screens[id=main].controls[id=dial].handle_image: expected a PNG the kiosk can show, found \"\(cut)\" (cannot "
                ), "\(found)")
        let whole = try file("whole.png", good)
        #expect(errors(screen + "  handle_image = \"\(whole)\"\n") == [])
    }

    @Test("A hook's program without execute permission is an error at load")
    func notExecutable() throws {
        let script = try file("hook.sh", Array("#!/bin/sh\n".utf8), mode: 0o644)
        #expect(
            errors(screen + "    [screens.controls.hooks]\n    on_change = [\"\(script)\", \"{value}\"]\n") == [
                "bad.toml:9:5: screens[id=main].controls[id=dial].hooks.on_change: expected a program the kiosk can run, found \"\(script)\" (not executable)"
            ])
    }

    @Test("A file with a font's tag but no font in it is an error at load")
    func badFont() throws {
        let fake = try file("fake.ttf", Array("true".utf8) + [UInt8](repeating: 7, count: 60))
        let found = errors("[theme]\nfont = \"\(fake)\"\n" + screen)
        #expect(
            found.count == 1
                && found[0].hasPrefix(
                    "bad.toml:2:1: theme.font: expected a TrueType font FreeType can read, found \"\(fake)\" (not a font FreeType can read"
                ), "\(found)")
    }

    @Test("A config file that never ends (a device, a pipe) is refused after the size limit")
    func endlessFile() {
        #expect(throws: ConfigErrors.self) { try ConfigLoader.load(path: "/dev/zero") }
        do { _ = try ConfigLoader.load(path: "/dev/zero") } catch {
            #expect(error.description == "/dev/zero:1:1: cannot read the file: larger than 1048576 bytes")
        }
    }

    @Test("What this machine lacks but the panel may have is a warning: a program, a group, a device")
    func machineWarnings() throws {
        #expect(
            try warnings(
                screen + "    [screens.controls.hooks]\n    on_change = [\"/nonexistent/amixer\", \"{value}\"]\n") == [
                    "warning: bad.toml:9:5: screens[id=main].controls[id=dial].hooks.on_change: expected a program the kiosk can run, found \"/nonexistent/amixer\" (No such file or directory on this machine: the hook will fail when it runs)"
                ])
        #expect(
            try warnings(screen + "    [screens.controls.hooks]\n    on_change = [\"no-such-program-tw\"]\n") == [
                "warning: bad.toml:9:5: screens[id=main].controls[id=dial].hooks.on_change: expected a program the kiosk can run, found \"no-such-program-tw\" (not in /usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin on this machine: the hook will fail when it runs)"
            ])
        #expect(
            try warnings("[socket]\ngroup = \"no-such-group-tw\"\n" + screen) == [
                "warning: bad.toml:2:1: socket.group: expected a group of this system, found \"no-such-group-tw\" (no such group here: the socket would keep the service's group)"
            ])
        #expect(
            try warnings("[display]\ndevice = \"/dev/dri/card77\"\n" + screen) == [
                "warning: bad.toml:2:1: display.device: expected a device node, found \"/dev/dri/card77\" (No such file or directory on this machine)"
            ])
        // A state folder this user may not write (the kernel's /proc/sys takes no new files, even
        // from root); the folders the kiosk would create are judged by the nearest one that exists.
        let user = getpwuid(geteuid()).map { String(cString: $0.pointee.pw_name) } ?? ""
        #expect(
            try warnings("[state]\npath = \"/proc/sys/thumbwheel/state.json\"\n" + screen) == [
                "warning: bad.toml:2:1: state.path: expected a folder the kiosk can write, found /proc/sys not writable by \(user), who runs this check "
                    + "(Permission denied): values set on the panel would not be saved. The kiosk needs to create files there as the user it runs as "
                    + "(the package's service runs as thumbwheel, in /var/lib/thumbwheel)"
            ])
        let writable = makeTemporaryDirectory("state-folder")
        #expect(try warnings("[state]\npath = \"\(writable)/new/state.json\"\n" + screen) == [])
        // What is there and right gives nothing: a program found in the search path, a device node.
        #expect(
            try warnings(
                "[display]\ndevice = \"/dev/null\"\n" + screen
                    + "    [screens.controls.hooks]\n    on_change = [\"sh\", \"-c\", \"true\"]\n") == [])
    }
}

@Suite("Fuzzer finds, kept as regressions")
struct ConfigFuzzRegressionTests {
    /// Each aborted the process inside toml++ (an assertion) when the config was read with TOMLKit; our own
    /// parser must place them as syntax errors.
    static let namelessHeaders: [(String, String)] = [
        ("[display]\n[ = 30\n", "bad.toml:2:3: TOML syntax: expected a key, found \"=\""),
        ("[\n", "bad.toml:1:2: TOML syntax: expected a key, found the end of the line"),
        ("a = 1\n  [[ ", "bad.toml:2:6: TOML syntax: expected a key, found the end of the file"),
        ("[[ # c\n", "bad.toml:1:4: TOML syntax: expected a key, found \"#\""),
        // The fuzzer's second find: a '}' where an array expects a value.
        ("a = [1, }\n", "bad.toml:1:9: TOML syntax: expected a value, found \"}\""),
        ("a = { b = [\n# c\n  }]}\n", "bad.toml:3:3: TOML syntax: expected a value, found \"}\""),
    ]

    @Test("A table header without a name is a located syntax error, not an abort", arguments: namelessHeaders)
    func namelessHeader(text: String, message: String) {
        #expect(errors(text) == [message])
    }

    @Test("Brackets in values, strings and comments are not headers")
    func notHeaders() {
        let text =
            "a = [\n  [1, 2],\n  [ 3 ],\n]\nb = \"\"\"\n[ = x\n\"\"\"\nc = '[ '\n# [ =\nd = { e = [ 1 ] }\nf = [{ g = 1 }, { h = [] }]\n[[screens]]\nid = \"main\"\n"
        #expect(!errors(text).contains { $0.contains("TOML syntax") }, "\(errors(text))")
    }
}
