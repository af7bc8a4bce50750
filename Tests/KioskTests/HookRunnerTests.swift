import Core
import Glibc
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

@Suite("Hooks: argv without a shell, coalesced, killed on timeout", .serialized)
struct HookRunnerTests {
    @Test("{id} and {value} are substituted inside arguments, never through a shell")
    func substitution() {
        let argv = HookRunner.expand(
            ["/usr/bin/logger", "-t", "kiosk", "{id}={value}; rm -rf /"], id: "volume", value: "35")
        #expect(argv == ["/usr/bin/logger", "-t", "kiosk", "volume=35; rm -rf /"])
        // Every occurrence, next to other text in any script, and nothing where the braces only start one.
        #expect(
            HookRunner.expand(["{value}{value}", "é{id}ü→{value}", "{va", "{", "{id"], id: "größe", value: "½")
                == ["½½", "égrößeü→½", "{va", "{", "{id"])
    }

    @Test("Rapid changes are coalesced: the first runs at once, then only the latest after the interval")
    func coalescing() {
        let dir = makeTemporaryDirectory("hooks")
        let loop = EventLoop()
        let hooks = HookRunner(loop: loop)
        var now = 100.0
        for v in 1...10 {
            hooks.request(
                key: "dial/change", argv: ["/usr/bin/touch", "\(dir)/ran-\(v)"], minInterval: 0.2, timeout: 5, now: now)
            now += 0.01
        }
        // The loop calls tick on every turn; the coalesced run starts once the interval has passed.
        now = 100.3
        pump(loop) {
            hooks.tick(now: now)
            return access("\(dir)/ran-10", F_OK) == 0 && !hooks.isBusy
        }
        let ran = (1...10).filter { access("\(dir)/ran-\($0)", F_OK) == 0 }
        #expect(ran == [1, 10])
    }

    @Test("A hook that hangs is killed after its timeout and the runner is free again")
    func hangingHook() {
        let loop = EventLoop()
        let hooks = HookRunner(loop: loop)
        let start = monotonicNow()
        hooks.request(key: "dial/release", argv: ["/bin/sleep", "30"], minInterval: 0, timeout: 0.2, now: start)
        #expect(hooks.isBusy)
        var killedOnce = true
        let finished = pump(loop) {
            let now = monotonicNow()
            hooks.tick(now: now)
            if hooks.isBusy, now >= start + 0.2, let due = hooks.nextDeadline, due <= now { killedOnce = false }
            return !hooks.isBusy
        }
        #expect(finished, "the hanging hook was not killed")
        #expect(killedOnce, "once killed, the hook's passed timeout is no longer a deadline (the loop would spin)")
        #expect(monotonicNow() - start < 1.5)
    }

    @Test("A hook may write more than a pipe holds: its stdout blocks until the kiosk reads, never fails")
    func largeOutput() {
        let dir = makeTemporaryDirectory("hook-output")
        let loop = EventLoop()
        let hooks = HookRunner(loop: loop)
        // 1 MB through a 64 KiB pipe; `done` is made only when every write succeeded.
        hooks.request(
            key: "dial/change", argv: ["/bin/sh", "-c", "head -c 1000000 /dev/zero | tr '\\0' x && touch \(dir)/done"],
            minInterval: 0, timeout: 10, now: monotonicNow())
        let finished = pump(loop) {
            hooks.tick(now: monotonicNow())
            return !hooks.isBusy
        }
        #expect(finished)
        #expect(access("\(dir)/done", F_OK) == 0, "the hook's writes failed (a non-blocking stdout gives EAGAIN)")
    }

    @Test("A command that does not exist is logged, not fatal")
    func missingCommand() {
        let loop = EventLoop()
        let hooks = HookRunner(loop: loop)
        hooks.request(key: "x/change", argv: ["/nonexistent/hook"], minInterval: 0, timeout: 1, now: 0)
        #expect(hooks.isBusy, "asked for, it waits for the loop's tick after the frame")
        hooks.tick(now: 0)
        #expect(!hooks.isBusy)
    }

    @Test("A run asked for starts at the next tick, not inside request (the frame comes first)")
    func startsAtTheTick() {
        let dir = makeTemporaryDirectory("hooktick")
        let loop = EventLoop()
        let hooks = HookRunner(loop: loop)
        hooks.request(
            key: "dial/change", argv: ["/usr/bin/touch", "\(dir)/ran"], minInterval: 0.1, timeout: 5, now: 50)
        #expect(hooks.nextDeadline == 0, "the loop must not sleep on a ready run")
        #expect(
            pump(loop) {
                hooks.tick(now: 50)
                return access("\(dir)/ran", F_OK) == 0 && !hooks.isBusy
            })
    }
}

@Suite("Hooks run with a clean environment", .serialized)
struct HookEnvironmentTests {
    @Test("A hook sees PATH, HOME and the locale and time zone, nothing else of the kiosk's environment")
    func cleanEnvironment() throws {
        let dir = makeTemporaryDirectory("hookenv")
        setenv("THUMBWHEEL_TEST_SECRET", "leaked", 1)
        setenv("TZ", "Europe/Berlin", 1)
        defer { unsetenv("THUMBWHEEL_TEST_SECRET"); unsetenv("TZ") }
        let loop = EventLoop()
        let hooks = HookRunner(loop: loop)
        // A bare name is looked up in the hook search path, not the kiosk's PATH.
        hooks.request(key: "env/change", argv: ["sh", "-c", "env > \(dir)/env"], minInterval: 0, timeout: 5, now: 0)
        #expect(
            pump(loop) {
                hooks.tick(now: 0); return !hooks.isBusy
            })
        let text = try #require(ConfigLoader.readTextFile(dir + "/env"))
        let names = Set(text.split(separator: "\n").compactMap { $0.split(separator: "=").first.map(String.init) })
        #expect(!names.contains("THUMBWHEEL_TEST_SECRET"))
        #expect(text.contains("PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n"))
        #expect(text.contains("TZ=Europe/Berlin\n"))
        // sh adds PWD (and SHLVL, _) itself; everything else must be ours.
        #expect(
            names.subtracting(["PATH", "HOME", "PWD", "SHLVL", "_"] + HookRunner.passedVariables).isEmpty, "\(names)")
    }
}

@Suite("Hook output: logged line by line, bounded")
struct HookOutputTests {
    @Test("Lines split across reads are logged whole; the last unterminated line comes at exit")
    func splitLines() {
        var output = HookOutput()
        #expect(output.take(Array("one\ntw".utf8)) == ["one"])
        #expect(output.take(Array("o\nthree".utf8)) == ["two"])
        #expect(output.finish() == ["three"])
    }

    @Test("A line longer than 1024 bytes is logged cut, and the rest of it up to its newline dropped")
    func longLineIsCut() {
        var output = HookOutput()
        let cut = String(repeating: "x", count: 1024) + " … (cut at 1024 bytes)"
        // 2 MB without a newline in 4 KiB reads, as the soak's spewing hook writes it: one line logged.
        var lines: [String] = []
        for _ in 0..<500 { lines += output.take([UInt8](repeating: 0x78, count: 4096)) }
        #expect(lines == [cut])
        #expect(output.take(Array("yyy\nnext\n".utf8)) == ["next"], "the cut line's rest ends at its newline")
        #expect(output.finish().isEmpty)
    }

    @Test("A run logs at most 100 lines, then how many more there were")
    func lineCountIsBounded() {
        var output = HookOutput()
        let text = (1...250).map { "line \($0)\n" }.joined()
        let lines = output.take(Array(text.utf8))
        #expect(lines.count == 100 && lines.first == "line 1" && lines.last == "line 100")
        #expect(output.finish() == ["(150 more lines of output not logged)"])
    }
}
