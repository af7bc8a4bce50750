import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform
@testable import Formats

@Suite("The command line: help, usage errors, completions, man page, ctl")
struct CommandLineTests {
    let thumbwheel: String?
    init() { thumbwheel = thumbwheelBinary() }

    func run(_ args: String...) throws -> ToolRun {
        let binary = try #require(thumbwheel, "the thumbwheel executable is built beside the tests")
        return try #require(runTool(binary, args))
    }

    @Test("--help and --version print on stdout and exit 0; no command prints the help on stderr and exits 2")
    func help() throws {
        let h = try run("--help")
        #expect(h.status == 0)
        #expect(h.out.contains("USAGE: thumbwheel <subcommand>"))
        for command in [
            "run", "render", "check-config", "config-reference", "ctl", "replay", "list-devices", "calibrate",
        ] {
            #expect(h.out.contains("\n  \(command) "), "\(command) is listed in --help")
        }
        #expect(!h.out.contains("bench"), "benchmarks live in thumbwheel-dev")
        #expect(try run("--version").out == "thumbwheel \(thumbwheelVersion)\n")
        let sub = try run("render", "--help")
        #expect(sub.status == 0 && sub.out.contains("--contact-sheet <FILE.png>"))
        let none = try run()
        #expect(none.status == 2 && none.err.contains("USAGE: thumbwheel <subcommand>") && none.out.isEmpty)
    }

    @Test("Usage mistakes print one line on stderr and exit 2")
    func usageErrors() throws {
        let cases: [([String], String)] = [
            (["frobnicate"], "thumbwheel: Unexpected argument 'frobnicate' (see 'thumbwheel --help')"),
            (["run", "--frob"], "thumbwheel: Unknown option '--frob' (see 'thumbwheel run --help')"),
            (
                ["run", "--config", "/nonexistent/c.toml"],
                "thumbwheel: run: cannot read /nonexistent/c.toml: No such file or directory"
            ),
            (["check-config"], "thumbwheel: Missing expected argument '<FILE>' (see 'thumbwheel check-config --help')"),
            (
                ["render", "--config", "/nonexistent/c.toml"],
                "thumbwheel: missing --out FILE.png (see 'thumbwheel render --help')"
            ),
            (
                ["render", "--out", "x.png", "--config", "c.toml", "--size", "80"],
                "thumbwheel: The value '80' is invalid for '--size <WxH>' (see 'thumbwheel render --help')"
            ),
            // A canvas beyond the largest panel (issue 37: 16384x16384 took seconds and gigabytes).
            (
                ["render", "--out", "x.png", "--config", "c.toml", "--size", "16384x16384"],
                "thumbwheel: --size: expected a canvas of at most 8192 pixels a side and 35389440 pixels in all (8192x4320), found 16384x16384 (268435456 pixels) (see 'thumbwheel render --help')"
            ),
            (["ctl", "get"], "thumbwheel: Missing expected argument '<ID>' (see 'thumbwheel ctl get --help')"),
            (
                ["ctl", "tap", "1", "x"],
                "thumbwheel: The value 'x' is invalid for '<Y>' (see 'thumbwheel ctl tap --help')"
            ),
            (["bench"], "thumbwheel: Unexpected argument 'bench' (see 'thumbwheel --help')"),
            (["state-torture"], "thumbwheel: Unexpected argument 'state-torture' (see 'thumbwheel --help')"),
        ]
        try expectUsageErrors(cases)
    }

    /// Each command line fails with status 2, exactly its one line on stderr, nothing on stdout.
    func expectUsageErrors(_ cases: [([String], String)]) throws {
        let binary = try #require(thumbwheel)
        for (args, line) in cases {
            let r = try #require(runTool(binary, args))
            #expect(r.status == 2, "\(args)")
            #expect(r.err == line + "\n", "\(args)")
            #expect(r.out.isEmpty, "\(args)")
        }
    }

    @Test("Options as --name=value, `--` before operands, `help COMMAND`, and more usage mistakes as one line each")
    func parserForms() throws {
        let viaHelp = try run("help", "ctl", "set")
        #expect(
            viaHelp.status == 0 && viaHelp.out.contains("USAGE: thumbwheel ctl set [--socket <PATH>] <ID> <VALUE> ..."))
        #expect(try run("ctl", "--help").out.contains("\n  screenshot "))
        #expect(!(try run("ctl", "--help").out.contains("\n  version ")), "the hidden verb stays out of the list")
        let cases: [([String], String)] = [
            (
                ["render", "--size=80"],
                "thumbwheel: The value '80' is invalid for '--size <WxH>' (see 'thumbwheel render --help')"
            ),
            (["run", "--config"], "thumbwheel: Missing value for '--config <FILE>' (see 'thumbwheel run --help')"),
            (
                ["run", "--headless=yes"],
                "thumbwheel: The flag '--headless' does not take a value (see 'thumbwheel run --help')"
            ),
            (["ctl", "get", "a", "b"], "thumbwheel: Unexpected argument 'b' (see 'thumbwheel ctl get --help')"),
            (
                ["ctl", "set", "a", "1", "2", "3"],
                "thumbwheel: set takes one VALUE, or two for a range (see 'thumbwheel ctl set --help')"
            ),
            // Issue 36: `set ID` without a value is one clear error, not a second, wrong one.
            (
                ["ctl", "set", "pump"],
                "thumbwheel: Missing expected argument '<VALUE>' (see 'thumbwheel ctl set --help')"
            ),
            (
                ["ctl", "tap", "--", "-1", "--2"],
                "thumbwheel: The value '--2' is invalid for '<Y>' (see 'thumbwheel ctl tap --help')"
            ),
            (
                ["simulate", "--scale", "2"],
                "thumbwheel: Missing expected argument '--config <FILE>' (see 'thumbwheel simulate --help')"
            ),
            (
                ["simulate", "--config", "c.toml", "--scale", "9"],
                "thumbwheel: --scale must be 1 to 8, found 9 (see 'thumbwheel simulate --help')"
            ),
            (
                ["--generate-completion-script", "tcsh"],
                "thumbwheel: --generate-completion-script needs one of: bash, zsh, fish (see 'thumbwheel --help')"
            ),
        ]
        try expectUsageErrors(cases)
    }

    @Test("generate-manual prints a roff page with every command and option, from the same help")
    func manualPage() throws {
        let r = try run("generate-manual")
        #expect(r.status == 0)
        #expect(r.out.hasPrefix(".\\\" Generated by `thumbwheel generate-manual`"))
        #expect(r.out.contains(".TH \"THUMBWHEEL\" 1 \"\" \"thumbwheel \(thumbwheelVersion)\""))
        for section in [
            "thumbwheel run", "thumbwheel render", "thumbwheel ctl", "thumbwheel ctl set", "thumbwheel replay",
            "thumbwheel list\\-devices", "thumbwheel calibrate",
        ] {
            #expect(r.out.contains(".SS \"\(section)\""), "section \(section)")
        }
        #expect(r.out.contains("\\fB\\-\\-contact\\-sheet\\fR \\fI<FILE.png>\\fR"))
        #expect(r.out.contains("Draw into memory instead of a display"), "--headless's help text")
        #expect(!r.out.contains(".SS \"thumbwheel generate\\-manual\""), "the hidden command stays out of the page")
        #expect(!r.out.unicodeScalars.contains { $0.value > 0x7F }, "non-ASCII goes out as \\[uXXXX]")
        #expect(r.out.contains("expected \\[u2026], found \\[u2026]"))
        #expect(
            !r.out.split(separator: "\n").contains {
                $0.hasPrefix(".") && $0.hasPrefix(".\\\"") == false && $0.hasPrefix(".TH") == false
                    && $0.hasPrefix(".SH") == false && $0.hasPrefix(".SS") == false && $0.hasPrefix(".TP") == false
                    && $0.hasPrefix(".PP") == false && $0.hasPrefix(".B ") == false && $0 != ".br"
            }, "no stray roff requests")
    }

    @Test("thumbwheel-dev has the benchmarks and the test helpers, with the same help layout and usage errors")
    func devTool() throws {
        let dev = try #require(builtExecutable("thumbwheel-dev"), "thumbwheel-dev is built beside the tests")
        let h = try #require(runTool(dev, ["--help"]))
        #expect(h.status == 0)
        for command in [
            "bench", "bench-widgets", "bench-display", "bench-panels", "bench-latency", "state-torture",
            "bench-swipe", "replay-kiosk",
        ] {
            #expect(h.out.contains("\n  \(command) "))
        }
        #expect(!h.out.contains("--version"), "thumbwheel-dev has no version of its own")
        let latency = try #require(runTool(dev, ["bench-latency", "--help"]))
        #expect(
            latency.out.contains(
                "USAGE: thumbwheel-dev bench-latency [<FILE> ...] [--recording <FILE>] [--repeats <repeats>] "
                    + "[--size <WxH>] [--headless] [--pipe] [--report-wait <MODE>]\n"))
        #expect(
            latency.out.contains(
                "  --repeats <repeats>     How many times the drag is played into each panel.\n"
                    + "                          (default: 3)\n"))
        #expect(latency.out.hasSuffix("  -h, --help              Show help information.\n\n"))
        let benchHelp = "(see 'thumbwheel-dev bench --help')"
        let cases: [([String], String)] = [
            (
                ["bench", "--scene", "S9"],
                "thumbwheel-dev: unknown scene \"S9\"; the scenes are clear, S1, S2, S3, S4, S5 \(benchHelp)"
            ),
            (
                ["bench", "--size", "80"],
                "thumbwheel-dev: bad --size \"80\"; expected WxH such as 800x480 \(benchHelp)"
            ),
            (["bench", "--json=1"], "thumbwheel-dev: The flag '--json' does not take a value \(benchHelp)"),
            (["bench", "--pictures-only"], "thumbwheel-dev: --pictures-only needs --png DIR \(benchHelp)"),
            (["bench", "--frames", "x"], "thumbwheel-dev: bad --frames \"x\"; expected a count \(benchHelp)"),
            (
                ["bench-panels", "--frames", "x"],
                "thumbwheel-dev: The value 'x' is invalid for '--frames <frames>' (see 'thumbwheel-dev bench-panels --help')"
            ),
            (
                ["bench-latency", "--size", "8"],
                "thumbwheel-dev: --size: expected WxH, found 8 (see 'thumbwheel-dev bench-latency --help')"
            ),
            (
                ["state-torture"],
                "thumbwheel-dev: Missing expected argument '--path <FILE>' (see 'thumbwheel-dev state-torture --help')"
            ),
            (["--version"], "thumbwheel-dev: Unknown option '--version' (see 'thumbwheel-dev --help')"),
            (
                ["--generate-completion-script", "tcsh"],
                "thumbwheel-dev: --generate-completion-script needs one of: bash, zsh, fish (see 'thumbwheel-dev --help')"
            ),
        ]
        for (args, line) in cases {
            let r = try #require(runTool(dev, args))
            #expect(r.status == 2 && r.err == line + "\n" && r.out.isEmpty, "\(args): \(r.err)")
        }
        // --frames draws and says nothing; --pictures-only writes the frames and no table.
        let counted = try #require(runTool(dev, ["bench", "--scene", "S1", "--size", "64x48", "--frames", "3"]))
        #expect(counted.status == 0 && counted.out.isEmpty, "\(counted.err)")
        let folder = makeTemporaryDirectory("bench-pictures")
        let pictures = try #require(
            runTool(dev, ["bench", "--scene", "S1,S2", "--size", "64x48", "--png", folder, "--pictures-only"]))
        #expect(pictures.status == 0 && pictures.out.isEmpty, "\(pictures.err)")
        for name in ["S1_64x48.png", "S2_64x48.png"] {
            #expect(access(folder + "/" + name, R_OK) == 0, "\(name) written")
            unlink(folder + "/" + name)
        }
        rmdir(folder)
    }

    @Test("ctl talks to a running kiosk: JSON replies, negative values, errors exit 1, screenshots as PNG files")
    func ctl() throws {
        let kiosk = try #require(KioskProcess(name: "cli-ctl"))
        let binary = try #require(thumbwheel)
        func ctl(_ args: String...) throws -> ToolRun {
            try #require(runTool(binary, ["ctl", "--socket", kiosk.socketPath] + args))
        }
        #expect(try ctl("get", "dial").out == "{\"id\":\"dial\",\"ok\":true,\"value\":25}\n")
        #expect(
            try ctl("set", "dial", "-5").out == "{\"id\":\"dial\",\"ok\":true,\"value\":0}\n", "clamped like a finger")
        let viaEnv = try #require(
            runTool(binary, ["ctl", "set", "dial", "60"], environment: ["THUMBWHEEL_SOCKET=" + kiosk.socketPath]))
        #expect(viaEnv.out == "{\"id\":\"dial\",\"ok\":true,\"value\":60}\n")
        // JSON alone (one line a program can parse); the table for people only with --table.
        let stats = try ctl("stats").out
        #expect(stats.hasPrefix("{") && stats.hasSuffix("}\n") && stats.filter { $0 == "\n" }.count == 1, "\(stats)")
        #expect(JSON.parse(Array(stats.utf8)) != nil && stats.contains("\"wakeups\":"), "\(stats)")
        let table = try ctl("stats", "--table")
        #expect(table.status == 0 && !table.out.contains("\"wakeups\":"), "\(table.out)")
        #expect(try ctl("tap", "-10", "-10").out == "{\"ok\":true,\"queued\":2}\n")
        #expect(try ctl("drag", "10", "10", "20", "20", "100").out == "{\"ok\":true,\"queued\":12}\n")
        let missing = try ctl("get", "nope")
        #expect(missing.status == 1 && missing.out.hasPrefix("{\"error\":\"no control \\\"nope\\\""))
        let path = kiosk.dir + "/shot.png"
        let shot = try ctl("screenshot", path)
        #expect(shot.status == 0 && shot.out == "wrote \(path)\n")
        let png = try #require(FileIO.read(path))
        #expect(Array(png.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        let unreachable = try #require(runTool(binary, ["ctl", "--socket", kiosk.dir + "/none.sock", "list"]))
        #expect(unreachable.status == 1 && unreachable.err.contains("cannot connect"))
    }
}
