import Core
import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
@testable import Platform

/// Reloading the config must not leak: the parser the kiosk used before its own leaked every parsed
/// document, so each reload of a running panel grew it for good (docs/soak.md). The built kiosk runs
/// headless on the demo panel and reloads it over the socket; its resident memory after warm-up
/// reloads is compared with that after many more. A process of its own, so the other tests running
/// in parallel in this one cannot move the figure.
@Suite("Reloading the config does not leak", .serialized)
struct ReloadMemoryTests {
    static let warmUp = 20
    static let reloads = 200
    /// Growth allowed per reload: far above the noise of page-granular RSS spread over 200 reloads,
    /// below a reload that keeps no more than the demo file's own text (docs/soak.md has the figures).
    static let bytesPerReload = 4 * 1024

    @Test("200 reloads of the demo after 20 warm-up reloads grow the kiosk's RSS by under 4 KiB each")
    func reloadsDoNotLeak() throws {
        let dir = makeTemporaryDirectory("reload-memory")
        let copy = try #require(runTool("/bin/cp", ["-r", repoPath("Config/icons"), dir + "/icons"]))
        try #require(copy.status == 0, "cp: \(copy.err)")
        let demo = try #require(FileIO.read(repoPath("Config/demo.toml")).map { String(decoding: $0, as: UTF8.self) })
        let text = demo.replacingOccurrences(of: "/tmp/thumbwheel-demo/", with: dir + "/")
        try #require(text != demo)
        try FileIO.writeAtomically(Array(text.utf8), to: dir + "/config.toml")
        let binary = try #require(thumbwheelBinary())
        let kiosk = try #require(
            SpawnedProcess(
                binary, ["run", "--headless", "--config", dir + "/config.toml"],
                stderrPath: dir + "/kiosk.log", extraEnvironment: TestTiming.measuredMemoryEnvironment))
        defer { kill(kiosk.pid, SIGKILL); _ = kiosk.readAcksUntilExit() }
        let socket = dir + "/control.sock"
        let deadline = monotonicNow() + TestTiming.seconds(20)
        while access(socket, F_OK) != 0 && monotonicNow() < deadline { usleep(20_000) }

        // Every reload must really happen (a refused one would build nothing and prove nothing).
        func reload(_ n: Int) -> Int {
            (0..<n).filter { _ in KioskProcess.request("{\"cmd\":\"reload\"}", socketPath: socket) == "{\"ok\":true}" }
                .count
        }
        #expect(reload(Self.warmUp) == Self.warmUp)
        let before = try #require(Self.residentBytes(kiosk.pid))
        #expect(reload(Self.reloads) == Self.reloads)
        let after = try #require(Self.residentBytes(kiosk.pid))
        let perReload = (after - before) / Self.reloads
        #expect(
            perReload < Self.bytesPerReload,
            "RSS \(before / 1024) KiB → \(after / 1024) KiB over \(Self.reloads) reloads: \(perReload) bytes per reload"
        )
    }

    /// The process's resident set (`VmRSS` of /proc/PID/status) in bytes.
    static func residentBytes(_ pid: pid_t) -> Int? { statusBytes(pid, "VmRSS") }

    /// A size field of /proc/PID/status (`VmRSS`, `RssAnon`, …) in bytes.
    static func statusBytes(_ pid: pid_t, _ field: String) -> Int? {
        guard let status = FileIO.read("/proc/\(pid)/status").map({ String(decoding: $0, as: UTF8.self) }) else {
            return nil
        }
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return line.flatMap { Int($0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") }.map {
            $0 * 1024
        }
    }
}
