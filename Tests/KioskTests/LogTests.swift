import Core
import Glibc
import Testing
@testable import Platform

/// The log a person can trust (issue 42, item 8): peer text cannot forge lines, a flood of keys
/// cannot silence later faults, and the slow-run line names the worst run.
@Suite("Log: escaping, per-key limits, the slow-run line", .serialized)
struct LogTests {
    /// What `body` writes to stderr (fd 2 is a pipe meanwhile), only the lines that mention `marker`.
    func stderrLines(mentioning marker: String, _ body: () -> Void) -> [String] {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { return [] }
        let saved = dup(2)
        dup2(fds[1], 2)
        body()
        dup2(saved, 2)
        close(saved)
        close(fds[1])
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[..<n]
        }
        close(fds[0])
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init).filter {
            $0.contains(marker)
        }
    }

    @Test("A payload with line breaks, a carriage return and terminal escapes is one escaped line")
    func peerTextCannotForgeLines() {
        let payload = "21\n<3>kiosk: the state file is corrupt\r\u{1B}[2K\u{2028}x"
        let lines = stderrLines(mentioning: "log-test-forge") {
            Log.warning("mqtt: log-test-forge: ignored \"\(payload)\"")
        }
        #expect(
            lines == [
                "<4>mqtt: log-test-forge: ignored \"21\\n<3>kiosk: the state file is corrupt\\r\\u{1B}[2K\\u{2028}x\""
            ])
        #expect(Log.escaped("plain text, °C and ✓") == "plain text, °C and ✓")
    }

    @Test("Lines meant as several are written so, the later ones indented")
    func severalLines() {
        let lines = stderrLines(mentioning: "log-test-lines") {
            Log.write(.error, lines: ["config: log-test-lines is invalid:", "c.toml:1:1: log-test-lines\nforged"])
        }
        #expect(lines == ["<3>config: log-test-lines is invalid:", "<3>  c.toml:1:1: log-test-lines\\nforged"])
    }

    @Test("A key is written once per interval; its repeat says how many were held back")
    func perKeyInterval() {
        var limiter = LogLimiter(capacity: 8, interval: 60, burst: 5, perSecond: 1)
        #expect(limiter.admit("dial/malformed", now: 0) == .write(repeats: 0, dropped: 0))
        for t in 1...30 { #expect(limiter.admit("dial/malformed", now: Double(t)) == .quiet) }
        #expect(limiter.admit("dial/malformed", now: 61) == .write(repeats: 30, dropped: 0))
    }

    @Test("A flood of invented keys pushes old ones out instead of silencing the faults that follow")
    func boundedLeastRecentlyUsed() {
        // The old log-once set took 256 keys for the process's life: the 257th fault was never told.
        var limiter = LogLimiter(capacity: 256, interval: 600, burst: 1_000_000, perSecond: 1)
        for i in 0..<300 { #expect(limiter.admit("invented\(i)/malformed", now: 0) != .quiet) }
        #expect(limiter.count == 256)
        #expect(limiter.admit("dial/malformed", now: 1) == .write(repeats: 0, dropped: 0))
        #expect(limiter.admit("dial/malformed", now: 2) == .quiet, "still remembered: the most recent")
        #expect(limiter.admit("invented299/malformed", now: 2) == .quiet)
        #expect(limiter.admit("invented0/malformed", now: 2) != .quiet, "the least recently used went")
    }

    @Test("All keys share a budget: a flood of new keys is cut short, and the next line says how many were held")
    func sharedBudget() {
        var limiter = LogLimiter(capacity: 256, interval: 600, burst: 20, perSecond: 1)
        var written = 0
        for i in 0..<10_000 {
            if case .write = limiter.admit("invented\(i)/malformed", now: Double(i) * 0.001) { written += 1 }
        }
        #expect(written == 20 + 9, "20 at once, then one a second over the 10 s")
        // A real fault once the flood is over: written, with the count held back since the last line.
        guard case .write(_, let dropped) = limiter.admit("dial/malformed", now: 20) else {
            Issue.record("a real fault after a flood of invented keys was not written")
            return
        }
        #expect(dropped > 0 && dropped < 10_000 - written + 1)
    }

    @Test("RateLimitedLog writes the line with its repeats, and not again within the interval")
    func rateLimitedLog() {
        var now = 0.0
        let log = RateLimitedLog(LogLimiter(interval: 10), clock: { now })
        let lines = stderrLines(mentioning: "log-test-limited") {
            for _ in 0..<100 { log.write("k", "mqtt: log-test-limited: ignored") }
            now = 11
            log.write("k", "mqtt: log-test-limited: ignored")
        }
        #expect(
            lines == [
                "<4>mqtt: log-test-limited: ignored",
                "<4>mqtt: log-test-limited: ignored (99 more since the last such line)",
            ])
    }

    @Test("The slow-run line reports the longest run of its window, not the latest")
    func slowRunLineIsTheWorst() {
        var log = SlowRunLog(limit: 1.0 / 60, interval: 10)
        let first = log.note(took: 0.039, of: "the handler of fd 7", now: 0)
        #expect(first == "loop: the handler of fd 7 took 39 ms, over one 60 Hz tick")
        // An 8.6 s freeze inside the window, then a 39 ms turn once it is over: the freeze is told.
        #expect(log.note(took: 8.6, of: "the handler of fd 9", now: 1) == nil)
        #expect(log.note(took: 0.001, of: "the turn", now: 5) == nil)
        let line = log.note(took: 0.039, of: "the turn", now: 11)
        #expect(
            line
                == "loop: the handler of fd 9 took 8600 ms, over one 60 Hz tick (the longest of 2 slow runs since the last such line)"
        )
        // A window's worst is told at the first run after the window, even a quick one.
        var log3 = SlowRunLog(limit: 1.0 / 60, interval: 10)
        _ = log3.note(took: 0.02, of: "a", now: 0)
        _ = log3.note(took: 0.5, of: "b", now: 3)
        #expect(log3.note(took: 0.001, of: "the turn", now: 12)?.hasPrefix("loop: b took 500 ms") == true)
        #expect(log3.note(took: 0.001, of: "the turn", now: 30) == nil, "nothing slow since: no line")
    }
}
