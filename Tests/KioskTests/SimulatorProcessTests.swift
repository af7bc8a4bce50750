import AssetFiles
import Core
import Glibc
import Raster
import Testing
import TestSupport
@testable import Formats
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// A private X server (Xvfb) for the simulator tests, on a display number it picks itself.
final class VirtualX {
    let display: String
    private let pid: pid_t

    /// Xvfb and xdotool come from scripts/setup (packages xvfb, xdotool, x11-apps): a missing one
    /// fails the test with the command that installs it, never skips it.
    static func tool(_ name: String) throws -> String {
        let dirs =
            (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":").map(String.init) + [
                "/usr/bin"
            ]
        guard let path = dirs.map({ $0 + "/" + name }).first(where: { access($0, X_OK) == 0 }) else {
            throw SimulatorTestError(
                "\(name) is not installed: run scripts/setup (it installs xvfb, xdotool and x11-apps) or apt-get install -y xvfb xdotool x11-apps"
            )
        }
        return path
    }

    init() throws {
        // -displayfd: Xvfb picks a free display and writes its number once it accepts clients.
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw SimulatorTestError("pipe failed") }
        defer { close(fds[0]) }
        let spawned = spawnChild(
            try VirtualX.tool("Xvfb"), ["-displayfd", "1", "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            environment: [], output: .descriptor(fds[1]))
        close(fds[1])
        guard let spawned else { throw SimulatorTestError("cannot start Xvfb") }
        pid = spawned
        var text: [UInt8] = []
        var byte: UInt8 = 0
        while read(fds[0], &byte, 1) == 1 && byte != 0x0A { text.append(byte) }
        guard let n = Int(String(decoding: text, as: UTF8.self)) else {
            kill(pid, SIGKILL)
            throw SimulatorTestError("Xvfb did not report its display")
        }
        display = ":\(n)"
    }

    deinit {
        // SIGTERM, so Xvfb removes its lock file and socket.
        kill(pid, SIGTERM)
        var status: Int32 = 0
        waitpid(pid, &status, 0)
    }

    /// Runs an X client tool on this display.
    func run(_ tool: String, _ args: [String]) throws -> ToolRun {
        guard let r = runTool(try VirtualX.tool(tool), args, environment: ["DISPLAY=\(display)"]) else {
            throw SimulatorTestError("cannot run \(tool)")
        }
        return r
    }

    /// The pixels of window `id` as the X server holds them (xwd), as 0xRRGGBB words row by row.
    func capture(window id: String, into dir: String) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        let path = dir + "/capture.xwd"
        let r = try run("xwd", ["-id", id, "-silent", "-out", path])
        guard r.status == 0, let bytes = FileIO.read(path) else { throw SimulatorTestError("xwd failed: \(r.err)") }
        return try XWDImage.decode(bytes)
    }
}

/// Where a child's output goes.
enum ChildOutput {
    /// stdout into this descriptor, stderr to /dev/null (Xvfb's warnings must not mix with the display number).
    case descriptor(Int32)
    /// stdout and stderr appended to this file.
    case file(String)
}

/// Starts `path args` with `environment` added (DISPLAY and WAYLAND_DISPLAY replaced) and every
/// signal unblocked: a test thread blocks most signals, and a child would inherit that mask (Xvfb
/// would then ignore SIGTERM).
func spawnChild(_ path: String, _ args: [String], environment: [String], output: ChildOutput) -> pid_t? {
    var env: [String] = []
    var e = environ
    while let entry = e.pointee { env.append(String(cString: entry)); e += 1 }
    let replaced = Set(
        environment.compactMap { $0.split(separator: "=").first.map(String.init) }
            + (environment.contains { $0.hasPrefix("DISPLAY=") } ? ["WAYLAND_DISPLAY"] : []))
    env = env.filter { !replaced.contains(String($0.split(separator: "=").first ?? "")) } + environment
    let argv = ([path] + args).map { strdup($0) } + [nil]
    let envp = env.map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    switch output {
    case .descriptor(let fd):
        posix_spawn_file_actions_adddup2(&actions, fd, 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    case .file(let file):
        posix_spawn_file_actions_addopen(&actions, 1, file, O_WRONLY | O_CREAT | O_APPEND, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    var pid: pid_t = 0
    return posix_spawn(&pid, path, &actions, &attributes, argv, envp) == 0 ? pid : nil
}

struct SimulatorTestError: Error, CustomStringConvertible {
    let description: String
    init(_ d: String) { description = d }
}

/// The X Window Dump format as xwd writes it for a TrueColor 24/32-bit window: a header of
/// big-endian 32-bit fields, the window name, a colour map of 12-byte entries, then the rows.
enum XWDImage {
    static func decode(_ b: [UInt8]) throws -> (width: Int, height: Int, pixels: [UInt32]) {
        func field(_ i: Int) -> Int {
            Int(b[i * 4]) << 24 | Int(b[i * 4 + 1]) << 16 | Int(b[i * 4 + 2]) << 8 | Int(b[i * 4 + 3])
        }
        guard b.count >= 100 else { throw SimulatorTestError("xwd: short file") }
        let headerSize = field(0), width = field(4), height = field(5), byteOrder = field(7)
        let bitsPerPixel = field(11), bytesPerLine = field(12), colours = field(19)
        guard bitsPerPixel == 32 else {
            throw SimulatorTestError("xwd: \(bitsPerPixel) bits per pixel, expected 32 (Xvfb -screen 0 WxHx24)")
        }
        let start = headerSize + colours * 12
        guard b.count >= start + height * bytesPerLine else { throw SimulatorTestError("xwd: truncated image") }
        var pixels = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let o = start + y * bytesPerLine + x * 4
                let v =
                    byteOrder == 0
                    ? UInt32(b[o]) | UInt32(b[o + 1]) << 8 | UInt32(b[o + 2]) << 16 | UInt32(b[o + 3]) << 24
                    : UInt32(b[o + 3]) | UInt32(b[o + 2]) << 8 | UInt32(b[o + 1]) << 16 | UInt32(b[o]) << 24
                pixels[y * width + x] = v & 0xFFFFFF
            }
        }
        return (width, height, pixels)
    }
}

/// `thumbwheel simulate` on a private X server, with its config, socket and log in a temp folder.
final class SimulatorProcess {
    let x: VirtualX
    let dir: String
    let configPath: String
    let socketPath: String
    let logPath: String
    let binary: String
    private(set) var pid: pid_t = 0
    private(set) var window = ""

    static func config(dir: String, background: String = "#102030", dialValue: String = "25") -> String {
        """
        [display]
        size = "320x240"
        [theme]
        background = "\(background)"
        [state]
        path = "\(dir)/state.json"
        debounce_ms = 50
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "circular-slider"
          id = "dial"
          frame = [10, 10, 200, 200]
          min = 0
          max = 100
          value = \(dialValue)
        """
    }

    init(name: String, config: ((String) -> String)? = nil) throws {
        x = try VirtualX()
        dir = makeTemporaryDirectory(name)
        configPath = dir + "/config.toml"
        socketPath = dir + "/control.sock"
        logPath = dir + "/simulate.log"
        binary = try #require(thumbwheelBinary())
        try FileIO.writeAtomically(Array((config ?? { SimulatorProcess.config(dir: $0) })(dir).utf8), to: configPath)
        guard
            let spawned = spawnChild(
                binary, ["simulate", "--config", configPath, "--socket", socketPath],
                environment: ["DISPLAY=\(x.display)"], output: .file(logPath))
        else {
            throw SimulatorTestError("cannot start \(binary)")
        }
        pid = spawned
        // The socket opens after the first frame is on screen.
        let deadline = monotonicNow() + TestTiming.seconds(15)
        while access(socketPath, F_OK) != 0 {
            guard monotonicNow() < deadline, isRunning else {
                throw SimulatorTestError("simulate did not start; its log:\n\(log)")
            }
            usleep(20_000)
        }
        let found = try x.run("xdotool", ["search", "--name", "thumbwheel simulate"])
        window = found.out.split(separator: "\n").first.map(String.init) ?? ""
        guard !window.isEmpty else { throw SimulatorTestError("no simulator window on \(x.display); log:\n\(log)") }
    }

    deinit {
        if pid > 0 { kill(pid, SIGKILL); var s: Int32 = 0; waitpid(pid, &s, 0) }
    }

    var log: String { FileIO.read(logPath).map { String(decoding: $0, as: UTF8.self) } ?? "" }

    var isRunning: Bool {
        var status: Int32 = 0
        return waitpid(pid, &status, WNOHANG) == 0
    }

    func capture() throws -> (width: Int, height: Int, pixels: [UInt32]) { try x.capture(window: window, into: dir) }

    /// What `thumbwheel render` draws for the file at `path`, as 0xRRGGBB words.
    func rendered(_ path: String) throws -> [UInt32] {
        let out = dir + "/render.png"
        let r = try #require(runTool(binary, ["render", "--config", path, "--out", out]))
        guard r.status == 0 else { throw SimulatorTestError("render failed: \(r.err)") }
        let bitmap = try PNGImage.read(from: out)
        var pixels: [UInt32] = []
        for y in 0..<bitmap.height {
            for x in 0..<bitmap.width {
                let c = bitmap.color(x: x, y: y)
                pixels.append(UInt32(c.r) << 16 | UInt32(c.g) << 8 | UInt32(c.b))
            }
        }
        return pixels
    }

    /// Captures until the window holds `expected` or `seconds` pass; returns the seconds it took, or
    /// nil with the last capture's count of differing pixels.
    func waitForWindow(_ expected: [UInt32], seconds: Double = 5) throws -> (elapsed: Double?, differing: Int) {
        let start = monotonicNow()
        var differing = 0
        repeat {
            let shot = try capture()
            differing = zip(shot.pixels, expected).filter { $0 != $1 }.count + abs(shot.pixels.count - expected.count)
            if differing == 0 { return (monotonicNow() - start, 0) }
            usleep(10_000)
        } while monotonicNow() - start < seconds
        return (nil, differing)
    }

    func ctl(_ args: [String]) throws -> ToolRun {
        try #require(runTool(binary, ["ctl", "--socket", socketPath] + args))
    }

    /// The control's value, read over the socket with `thumbwheel ctl get`.
    func value(_ id: String) throws -> Double? {
        let r = try ctl(["get", id])
        return JSON.parse(Array(r.out.utf8))?["value"]?.numberValue
    }

    /// Waits until the log holds `text` (or `seconds` pass).
    func waitForLog(_ text: String, seconds: Double = 5) -> Bool {
        let deadline = monotonicNow() + TestTiming.seconds(seconds)
        while monotonicNow() < deadline {
            if log.contains(text) { return true }
            usleep(20_000)
        }
        return false
    }
}

@Suite("thumbwheel simulate under Xvfb, driven by xdotool", .serialized)
struct SimulatorProcessTests {
    @Test("The window's pixels, captured from the X server, are exactly what `thumbwheel render` writes")
    func windowEqualsRender() throws {
        let sim = try SimulatorProcess(name: "sim-render")
        let expected = try sim.rendered(sim.configPath)
        let shot = try sim.capture()
        #expect(shot.width == 320 && shot.height == 240)
        let result = try sim.waitForWindow(expected)
        #expect(result.elapsed != nil, "the window differs from render in \(result.differing) pixels")
        #expect(sim.isRunning)
    }

    @Test("An xdotool mouse drag on the dial's handle moves its value, as `thumbwheel ctl get` reports")
    func mouseDragMovesSlider() throws {
        let sim = try SimulatorProcess(name: "sim-drag")
        #expect(try sim.value("dial") == 25)
        let listing = try sim.ctl(["list"])
        // The handle at 25 % of a full turn from north is due east of the centre: (210 - r, 110) → drag to due south.
        let handle = try #require(Self.point(named: "handle", in: listing.out))
        let center = try #require(Self.point(named: "center", in: listing.out))
        let r = hypot(handle.x - center.x, handle.y - center.y)
        var moves = ["mousemove", "--window", sim.window, "\(Int(handle.x))", "\(Int(handle.y))", "mousedown", "1"]
        for i in 1...12 {
            let a = Double(i) / 12 * Double.pi / 2
            moves += [
                "sleep", "0.02", "mousemove", "--window", sim.window, "\(Int(center.x + r * cos(a)))",
                "\(Int(center.y + r * sin(a)))",
            ]
        }
        moves += ["sleep", "0.05", "mouseup", "1"]
        let drag = try sim.x.run("xdotool", moves)
        #expect(drag.status == 0, "xdotool: \(drag.err)")
        var value: Double?
        let deadline = monotonicNow() + TestTiming.seconds(5)
        repeat {
            value = try sim.value("dial")
            if let v = value, abs(v - 50) < 3 { break }
            usleep(50_000)
        } while monotonicNow() < deadline
        #expect(
            value.map { abs($0 - 50) < 3 } == true,
            "value after a quarter-turn mouse drag: \(String(describing: value))")
    }

    @Test(
        "Ctrl+drag leaves a finger on one handle of a range slider while the mouse drags the other: two fingers at once"
    )
    func pinnedSecondFinger() throws {
        let sim = try SimulatorProcess(name: "sim-pin") { dir in
            SimulatorProcess.config(dir: dir).replacingOccurrences(
                "kind = \"circular-slider\"", "kind = \"range-slider\"\n  second_value = 75\n  min_distance = 20")
        }
        let watcher = try #require(TestClient(path: sim.socketPath))
        watcher.send("{\"cmd\":\"subscribe\"}\n")
        // Values 25 and 75 of 0…100 on a full circle: the handles due east and due west of the centre.
        let listing = try sim.ctl(["list"]).out
        let first = try #require(Self.point(named: "handle", in: listing)),
            second = try #require(Self.point(named: "second_handle", in: listing))
        let center = try #require(Self.point(named: "center", in: listing))
        let r = hypot(first.x - center.x, first.y - center.y)
        func arc(_ from: Double, _ to: Double) -> [String] {  // mousemoves along the circle, angles in turns from north
            (1...6).flatMap { i -> [String] in
                let a = (from + (to - from) * Double(i) / 6) * 2 * Double.pi
                return [
                    "sleep", "0.02", "mousemove", "--window", sim.window, "\(Int(center.x + r * sin(a)))",
                    "\(Int(center.y - r * cos(a)))",
                ]
            }
        }
        let w = sim.window
        // Ctrl held: the first handle from 25 to 20, and its finger stays down at the release.
        let pin = try sim.x.run(
            "xdotool",
            ["mousemove", "--window", w, "\(Int(first.x))", "\(Int(first.y))", "keydown", "ctrl", "mousedown", "1"]
                + arc(0.25, 0.2) + ["mouseup", "1", "keyup", "ctrl"])
        // A plain drag of the second handle from 75 to 85 while the first finger is still down.
        let drag = try sim.x.run(
            "xdotool",
            ["sleep", "0.1", "mousemove", "--window", w, "\(Int(second.x))", "\(Int(second.y))", "mousedown", "1"]
                + arc(0.75, 0.85) + ["mouseup", "1"])
        #expect(pin.status == 0 && drag.status == 0, "xdotool: \(pin.err) \(drag.err)")
        var lines: [String] = []
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < deadline && lines.filter({ $0.contains("\"event\":\"ended\"") }).count < 1 {
            if let l = watcher.nextLine() { lines.append(l) } else { usleep(10_000) }
        }
        let value =
            JSON.parse(Array(try sim.ctl(["get", "dial"]).out.utf8))?["value"]?.arrayValue?.compactMap(\.numberValue)
            ?? []
        #expect(
            value.count == 2 && abs(value[0] - 20) < 1.5 && abs(value[1] - 85) < 1.5,
            "values after both drags: \(value)")
        let events = lines.compactMap { JSON.parse(Array($0.utf8))?["event"]?.stringValue }
        #expect(
            events.filter { $0 == "started" }.count == 2 && events.filter { $0 == "ended" }.count == 1,
            "the pinned finger is still down when the second lifts: \(events)")
        // A right-click lifts the pinned finger.
        _ = try sim.x.run("xdotool", ["mousemove", "--window", w, "5", "5", "click", "3"])
        let liftDeadline = monotonicNow() + TestTiming.seconds(5)
        while monotonicNow() < liftDeadline && lines.filter({ $0.contains("\"event\":\"ended\"") }).count < 2 {
            if let l = watcher.nextLine() { lines.append(l) } else { usleep(10_000) }
        }
        #expect(lines.filter { $0.contains("\"event\":\"ended\"") }.count == 2, "right-click lifts the pinned finger")
    }

    @Test("Saving a changed config (by rename, then in place) changes the window to the new render, keeping values")
    func saveReloads() throws {
        let sim = try SimulatorProcess(name: "sim-reload")
        #expect(try sim.ctl(["set", "dial", "60"]).status == 0)
        // A save as vim and VS Code do it: a new file renamed over the old one.
        let changed = SimulatorProcess.config(dir: sim.dir, background: "#503010")
        let expectedPath = sim.dir + "/expected.toml"
        try FileIO.writeAtomically(Array(changed.utf8), to: expectedPath)
        let expected = try sim.rendered(expectedPath)  // the dial at its config value 25…
        try FileIO.writeAtomically(Array(changed.utf8), to: sim.configPath)
        // …but the window keeps the value 60: compare the background, not the dial.
        let start = monotonicNow()
        var seen: Double?
        repeat {
            let shot = try sim.capture()
            if shot.pixels.last == expected.last && shot.pixels.first == expected.first {
                seen = monotonicNow() - start; break
            }
            usleep(5_000)
        } while monotonicNow() - start < 5
        #expect(seen != nil, "the window did not change within 5 s of the save")
        #expect(sim.waitForLog("simulate: reloaded"), "log:\n\(sim.log)")
        print(
            "simulate reload: window changed \(Int((seen ?? 0) * 1000)) ms after the rename (xwd polling); the simulator's own log: "
                + (sim.log.split(separator: "\n").last { $0.contains("simulate: reloaded") }.map(String.init) ?? "-"))
        #expect(try sim.value("dial") == 60, "reload keeps values")
        // A save in place (truncate and write: IN_CLOSE_WRITE).
        let third = SimulatorProcess.config(dir: sim.dir, background: "#205020", dialValue: "60")
        let fd = open(sim.configPath, O_WRONLY | O_TRUNC)
        _ = third.withCString { write(fd, $0, strlen($0)) }
        close(fd)
        let expectedThird = try sim.rendered(sim.configPath)
        let result = try sim.waitForWindow(expectedThird)
        #expect(
            result.elapsed != nil, "after an in-place save the window differs from render in \(result.differing) pixels"
        )
    }

    @Test(
        "Saving a broken config shows the error overlay over the last good screen and keeps running; fixing it removes the overlay"
    )
    func brokenConfigOverlay() throws {
        let sim = try SimulatorProcess(name: "sim-broken")
        let good = try sim.rendered(sim.configPath)
        #expect(try sim.waitForWindow(good).elapsed != nil)
        let broken = SimulatorProcess.config(dir: sim.dir, dialValue: "\"high\"")
        try FileIO.writeAtomically(Array(broken.utf8), to: sim.configPath)
        #expect(sim.waitForLog("showing 1 error over the last good screen"), "log:\n\(sim.log)")
        #expect(sim.log.contains("config.toml:16:"), "the log names the error's line")
        // The overlay covers the top of the picture; below it the last good screen stays.
        var shot = try sim.capture()
        let deadline = monotonicNow() + TestTiming.seconds(5)
        while shot.pixels[0] == good[0] && monotonicNow() < deadline { usleep(20_000); shot = try sim.capture() }
        let top = (0..<(320 * 20)).filter { shot.pixels[$0] != good[$0] }.count
        let bottom = ((320 * 230)..<(320 * 240)).filter { shot.pixels[$0] != good[$0] }.count
        #expect(top > 320 * 10, "the overlay changed \(top) of the top 20 rows' pixels")
        #expect(bottom == 0, "the last good screen stays below the overlay (\(bottom) pixels differ)")
        #expect(sim.isRunning)
        try FileIO.writeAtomically(Array(SimulatorProcess.config(dir: sim.dir).utf8), to: sim.configPath)
        #expect(try sim.waitForWindow(good).elapsed != nil, "the overlay goes once the config is fixed")
        #expect(sim.waitForLog("error overlay removed"))
    }

    @Test("Without libSDL2, simulate says which package it needs in one line and exits 1")
    func missingSDL() throws {
        let binary = try #require(thumbwheelBinary())
        let dir = makeTemporaryDirectory("sim-nosdl")
        try FileIO.writeAtomically(Array(SimulatorProcess.config(dir: dir).utf8), to: dir + "/config.toml")
        let r = try #require(
            runTool(
                binary, ["simulate", "--config", dir + "/config.toml"],
                environment: ["THUMBWHEEL_SDL=/nonexistent/libSDL2.so"]))
        #expect(r.status == 1)
        #expect(r.err == "simulate needs libSDL2: apt install libsdl2-2.0-0\n")
    }

    /// A named point of the first control in a `ctl list` reply: "name":[x,y].
    static func point(named name: String, in text: String) -> Point? {
        guard let json = JSON.parse(Array(text.utf8)), let c = json["controls"]?.arrayValue?.first,
            let xy = c["points"]?[name]?.arrayValue?.compactMap({ $0.numberValue }), xy.count == 2
        else { return nil }
        return Point(xy[0], xy[1])
    }
}

private extension String {
    /// `self` with every `old` replaced by `new` (without Foundation).
    func replacingOccurrences(_ old: String, _ new: String) -> String {
        var out = "", rest = Substring(self)
        while let r = rest.firstRange(of: old) {
            out += rest[..<r.lowerBound] + new
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}
