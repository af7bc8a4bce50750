import Glibc
import Testing
@testable import Kiosk

/// What a finished child process left: its exit status and both output streams.
struct ToolRun {
    var status: Int32
    var out: String
    var err: String
}

/// Runs `binary args` to completion, with stdout and stderr on pipes (read together, so neither
/// can fill and stall the child), and an optional extra environment variable.
/// Spawn attributes that give the child an empty signal mask: the test runner's threads block some
/// signals (SIGALRM among them), and a tool timing out by alarm (mosquitto_sub -W) would never do.
func unblockedSignals() -> posix_spawnattr_t {
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    var none = sigset_t()
    sigemptyset(&none)
    posix_spawnattr_setsigmask(&attributes, &none)
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
    return attributes
}

func runTool(_ binary: String, _ args: [String], environment: [String] = []) -> ToolRun? {
    var outPipe: [Int32] = [0, 0], errPipe: [Int32] = [0, 0]
    guard pipe(&outPipe) == 0, pipe(&errPipe) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    posix_spawn_file_actions_addclose(&actions, outPipe[0])
    posix_spawn_file_actions_addclose(&actions, errPipe[0])
    var pid: pid_t = 0
    let argv = ([binary] + args).map { strdup($0) } + [nil]
    var env: [String] = []
    var e = environ
    while let entry = e.pointee { env.append(String(cString: entry)); e += 1 }
    let envp = (env + environment).map { strdup($0) } + [nil]
    defer { (argv + envp).forEach { free($0) } }
    var attributes = unblockedSignals()
    defer { posix_spawnattr_destroy(&attributes) }
    let rc = posix_spawn(&pid, binary, &actions, &attributes, argv, envp)
    posix_spawn_file_actions_destroy(&actions)
    close(outPipe[1]); close(errPipe[1])
    defer { close(outPipe[0]); close(errPipe[0]) }
    guard rc == 0 else { return nil }
    var out: [UInt8] = [], err: [UInt8] = []
    var open = [outPipe[0], errPipe[0]]
    var chunk = [UInt8](repeating: 0, count: 65536)
    while !open.isEmpty {
        var fds = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
        guard poll(&fds, nfds_t(fds.count), 10_000) > 0 else { kill(pid, SIGKILL); break }
        for p in fds where p.revents != 0 {
            let n = chunk.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
            if n <= 0 { open.removeAll { $0 == p.fd }; continue }
            if p.fd == outPipe[0] { out += chunk[0..<n] } else { err += chunk[0..<n] }
        }
    }
    var status: Int32 = 0
    waitpid(pid, &status, 0)
    let code = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    return ToolRun(status: code, out: String(decoding: out, as: UTF8.self), err: String(decoding: err, as: UTF8.self))
}

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
        for command in ["run", "render", "check-config", "config-reference", "ctl", "replay", "list-devices", "calibrate"] {
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
            (["run", "--config", "/nonexistent/c.toml"], "thumbwheel: run: cannot read /nonexistent/c.toml: No such file or directory"),
            (["check-config"], "thumbwheel: Missing expected argument '<FILE>' (see 'thumbwheel check-config --help')"),
            (["render", "--config", "/nonexistent/c.toml"], "thumbwheel: missing --out FILE.png (see 'thumbwheel render --help')"),
            (["render", "--out", "x.png", "--config", "c.toml", "--size", "80"],
             "thumbwheel: The value '80' is invalid for '--size <WxH>' (see 'thumbwheel render --help')"),
            // A canvas beyond the largest panel (issue 37: 16384x16384 took seconds and gigabytes).
            (["render", "--out", "x.png", "--config", "c.toml", "--size", "16384x16384"],
             "thumbwheel: --size: expected a canvas of at most 8192 pixels a side and 35389440 pixels in all (8192x4320), found 16384x16384 (268435456 pixels) (see 'thumbwheel render --help')"),
            (["ctl", "get"], "thumbwheel: Missing expected argument '<ID>' (see 'thumbwheel ctl get --help')"),
            (["ctl", "tap", "1", "x"], "thumbwheel: The value 'x' is invalid for '<Y>' (see 'thumbwheel ctl tap --help')"),
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
        #expect(viaHelp.status == 0 && viaHelp.out.contains("USAGE: thumbwheel ctl set [--socket <PATH>] <ID> <VALUE> ..."))
        #expect(try run("ctl", "--help").out.contains("\n  screenshot "))
        #expect(!(try run("ctl", "--help").out.contains("\n  version ")), "the hidden verb stays out of the list")
        let cases: [([String], String)] = [
            (["render", "--size=80"], "thumbwheel: The value '80' is invalid for '--size <WxH>' (see 'thumbwheel render --help')"),
            (["run", "--config"], "thumbwheel: Missing value for '--config <FILE>' (see 'thumbwheel run --help')"),
            (["run", "--headless=yes"], "thumbwheel: The flag '--headless' does not take a value (see 'thumbwheel run --help')"),
            (["ctl", "get", "a", "b"], "thumbwheel: Unexpected argument 'b' (see 'thumbwheel ctl get --help')"),
            (["ctl", "set", "a", "1", "2", "3"], "thumbwheel: set takes one VALUE, or two for a range (see 'thumbwheel ctl set --help')"),
            (["ctl", "tap", "--", "-1", "--2"], "thumbwheel: The value '--2' is invalid for '<Y>' (see 'thumbwheel ctl tap --help')"),
            (["simulate", "--scale", "2"], "thumbwheel: Missing expected argument '--config <FILE>' (see 'thumbwheel simulate --help')"),
            (["simulate", "--config", "c.toml", "--scale", "9"], "thumbwheel: --scale must be 1 to 8, found 9 (see 'thumbwheel simulate --help')"),
            (["--generate-completion-script", "tcsh"], "thumbwheel: --generate-completion-script needs one of: bash, zsh, fish (see 'thumbwheel --help')"),
        ]
        try expectUsageErrors(cases)
    }

    @Test("Completion scripts for bash, zsh and fish come from the commands", arguments: ["bash", "zsh", "fish"])
    func completions(shell: String) throws {
        let r = try run("--generate-completion-script", shell)
        #expect(r.status == 0)
        #expect(r.out.contains("thumbwheel"))
        for word in ["check-config", "list-devices", "contact-sheet", "screenshot"] { #expect(r.out.contains(word), "\(shell): \(word)") }
    }

    @Test("generate-manual prints a roff page with every command and option, from the same help")
    func manualPage() throws {
        let r = try run("generate-manual")
        #expect(r.status == 0)
        #expect(r.out.hasPrefix(".\\\" Generated by `thumbwheel generate-manual`"))
        #expect(r.out.contains(".TH \"THUMBWHEEL\" 1 \"\" \"thumbwheel \(thumbwheelVersion)\""))
        for section in ["thumbwheel run", "thumbwheel render", "thumbwheel ctl", "thumbwheel ctl set", "thumbwheel replay",
                        "thumbwheel list\\-devices", "thumbwheel calibrate"] {
            #expect(r.out.contains(".SS \"\(section)\""), "section \(section)")
        }
        #expect(r.out.contains("\\fB\\-\\-contact\\-sheet\\fR \\fI<FILE.png>\\fR"))
        #expect(r.out.contains("Draw into memory instead of a display"), "--headless's help text")
        #expect(!r.out.contains(".SS \"thumbwheel generate\\-manual\""), "the hidden command stays out of the page")
        #expect(!r.out.unicodeScalars.contains { $0.value > 0x7F }, "non-ASCII goes out as \\[uXXXX]")
        #expect(r.out.contains("expected \\[u2026], found \\[u2026]"))
        #expect(!r.out.split(separator: "\n").contains { $0.hasPrefix(".") && $0.hasPrefix(".\\\"") == false && $0.hasPrefix(".TH") == false
            && $0.hasPrefix(".SH") == false && $0.hasPrefix(".SS") == false && $0.hasPrefix(".TP") == false
            && $0.hasPrefix(".PP") == false && $0.hasPrefix(".B ") == false && $0 != ".br" }, "no stray roff requests")
    }

    @Test("thumbwheel-dev has the benchmarks and the test helpers, with the same usage errors")
    func devTool() throws {
        let dev = try #require(builtExecutable("thumbwheel-dev"), "thumbwheel-dev is built beside the tests")
        let h = try #require(runTool(dev, ["--help"]))
        #expect(h.status == 0)
        for command in ["bench", "bench-widgets", "bench-display", "state-torture"] { #expect(h.out.contains("\n  \(command) ")) }
        let bad = try #require(runTool(dev, ["bench", "--scene", "S9"]))
        #expect(bad.status == 2)
        #expect(bad.err == "thumbwheel-dev: unknown scene \"S9\"; the scenes are clear, S1, S2, S3, S4, S5 (see 'thumbwheel-dev bench --help')\n")
    }

    @Test("ctl talks to a running kiosk: JSON replies, negative values, errors exit 1, screenshots as PNG files")
    func ctl() throws {
        let kiosk = try #require(KioskProcess(name: "cli-ctl"))
        let binary = try #require(thumbwheel)
        func ctl(_ args: String...) throws -> ToolRun { try #require(runTool(binary, ["ctl", "--socket", kiosk.socketPath] + args)) }
        #expect(try ctl("get", "dial").out == "{\"id\":\"dial\",\"ok\":true,\"value\":25}\n")
        #expect(try ctl("set", "dial", "-5").out == "{\"id\":\"dial\",\"ok\":true,\"value\":0}\n", "clamped like a finger")
        let viaEnv = try #require(runTool(binary, ["ctl", "set", "dial", "60"], environment: ["THUMBWHEEL_SOCKET=" + kiosk.socketPath]))
        #expect(viaEnv.out == "{\"id\":\"dial\",\"ok\":true,\"value\":60}\n")
        #expect(try ctl("stats").out.contains("\"wakeups\":"))
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
