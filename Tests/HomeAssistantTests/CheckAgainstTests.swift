import Core
import Formats
import Glibc
import Platform
import Testing
import TestSupport

/// `thumbwheel check-config --against` run against the real HA (in the live suite: HA is not
/// restarted meanwhile).
extension LiveHomeAssistantTests {
    /// A panel with one mistake of each kind HA can tell (one in a condition), and an attribute an off light lacks.
    static func mistakenPanel(dir: String, port: UInt16) -> String {
        """
        \(BoundPanel.header(dir: dir, port: port, size: "480x400"))
        [[screens]]
        id = "main"
          [[screens.controls]]
          kind = "toggle"
          id = "lamp"
          frame = [10, 10, 160, 64]
          entity = "light.kitchen_light"
          [[screens.controls]]
          kind = "circular-slider"
          id = "setpoint"
          frame = [200, 10, 200, 200]
          entity = "climate.hvac"
          attribute = "temprature"
          [[screens.controls]]
          kind = "value-slider"
          id = "garage"
          frame = [10, 230, 400, 64]
          entity = "cover.garage_door"
          [[screens.controls]]
          kind = "button"
          id = "preset"
          frame = [10, 310, 160, 64]
          text = "Eco"
          entity = "fan.ceiling_fan"
          service = "fan.set_preset_mode"
          data = '{"preset_mode": "eco"}'
          [[screens.controls]]
          kind = "label"
          id = "bed"
          frame = [200, 310, 200, 40]
          text = "Bed {light.bed_light.brightness}"
          [[screens.controls]]
          kind = "button"
          id = "door"
          frame = [200, 350, 200, 50]
          text = "Door"
          hidden_when = "lock.front_dor == 'locked'"
        """
    }

    /// The same panel with each binding one HA has and supports.
    static func rightPanel(dir: String, port: UInt16) -> String {
        mistakenPanel(dir: dir, port: port)
            .replacingPlaceholder("light.kitchen_light\"", with: "light.kitchen_lights\"")
            .replacingPlaceholder("temprature", with: "temperature")
            .replacingPlaceholder("cover.garage_door", with: "cover.hall_window")
            .replacingPlaceholder("fan.ceiling_fan", with: "fan.preset_only_limited_fan")
            .replacingPlaceholder("light.bed_light.brightness", with: "light.ceiling_lights.brightness")
            .replacingPlaceholder("lock.front_dor ", with: "lock.front_door ")
    }

    /// The line of `config` holding `text` (1-based).
    static func line(of text: String, in config: String) -> Int? {
        config.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    @Test("check-config --against names a mistyped entity, a wrong attribute and unsupported services at their lines")
    func checkAgainstHA() throws {
        let server = try HAServer.shared()
        let binary = try #require(BoundPanel.binary(), "the thumbwheel binary beside the tests")
        let dir = makeTemporaryDirectory("ha-check")
        defer { _ = runTool("/bin/rm", ["-rf", dir]) }
        try FileIO.writeAtomically(Array(server.token.utf8), to: dir + "/token", mode: 0o600)
        let url = "http://127.0.0.1:\(server.port)"
        let bad = Self.mistakenPanel(dir: dir, port: server.port)
        try FileIO.writeAtomically(Array(bad.utf8), to: dir + "/bad.toml")
        let run = try #require(
            runTool(binary, ["check-config", dir + "/bad.toml", "--against", url], silence: 30))
        #expect(run.status == 0, "warnings alone keep the status 0: \(run.err)")
        let warnings = run.err.split(separator: "\n").filter { $0.hasPrefix("warning: ") }.map(String.init)
        let file = dir + "/bad.toml"
        let expected: [(String, String, String)] = [
            ("entity = \"light.kitchen_light\"", "controls[id=lamp].entity", "did you mean \"light.kitchen_lights\"?"),
            ("attribute = \"temprature\"", "controls[id=setpoint].attribute", "did you mean \"temperature\"?"),
            ("entity = \"cover.garage_door\"", "controls[id=garage].entity", "cover.set_cover_position"),
            ("service = \"fan.set_preset_mode\"", "controls[id=preset].service", "supported_features 8"),
            ("light.bed_light.brightness", "controls[id=bed].text", "not present now"),
            ("lock.front_dor", "controls[id=door].hidden_when", "did you mean \"lock.front_door\"?"),
        ]
        #expect(warnings.count == expected.count, "\(warnings)")
        for (written, key, words) in expected {
            let line = try #require(Self.line(of: written, in: bad))
            #expect(
                warnings.contains {
                    $0.hasPrefix("warning: \(file):\(line):") && $0.contains(key) && $0.contains(words)
                },
                "no warning at line \(line) for \(key) saying \(words): \(warnings)")
        }
        let strict = try #require(
            runTool(binary, ["check-config", file, "--against", url, "--strict"], silence: 30))
        #expect(strict.status == 1)

        let good = Self.rightPanel(dir: dir, port: server.port)
        try FileIO.writeAtomically(Array(good.utf8), to: dir + "/good.toml")
        let clean = try #require(
            runTool(binary, ["check-config", dir + "/good.toml", "--against", url, "--strict"], silence: 30))
        #expect(clean.status == 0, "\(clean.err)")
        #expect(!clean.err.contains("warning: "), "\(clean.err)")
        #expect(clean.out.contains("OK (1 screen, 6 controls)"), "\(clean.out)")
    }

    @Test("check-config --against says so when HA cannot be reached or refuses the token, and exits 3")
    func checkAgainstUnreachable() throws {
        let server = try HAServer.shared()
        let binary = try #require(BoundPanel.binary(), "the thumbwheel binary beside the tests")
        let dir = makeTemporaryDirectory("ha-check")
        defer { _ = runTool("/bin/rm", ["-rf", dir]) }
        try FileIO.writeAtomically(Array("not-a-token".utf8), to: dir + "/token", mode: 0o600)
        try FileIO.writeAtomically(Array(Self.rightPanel(dir: dir, port: server.port).utf8), to: dir + "/c.toml")
        let refused = try #require(
            runTool(
                binary, ["check-config", dir + "/c.toml", "--against", "http://127.0.0.1:\(server.port)"], silence: 30))
        #expect(refused.status == 3)
        #expect(refused.err.contains("refused the token"), "\(refused.err)")
        // A port nothing listens on (the kernel refuses at once), and an answer that never comes.
        let closed = try #require(
            runTool(binary, ["check-config", dir + "/c.toml", "--against", "http://127.0.0.1:9", "--timeout", "5"]))
        #expect(closed.status == 3)
        #expect(closed.err.contains("cannot reach Home Assistant at 127.0.0.1:9"), "\(closed.err)")
    }
}
