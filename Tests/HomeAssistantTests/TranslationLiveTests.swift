import Core
import Formats
import Glibc
import Platform
import Raster
import Testing
import TestSupport
@testable import HomeAssistant

/// HA's own names for a climate's modes as a bound choice's default `option_labels`.
extension LiveHomeAssistantTests {
    /// HA 2024.3's English names of the hvac modes (its climate translations).
    static let hvacNames = [
        "off": "Off", "heat": "Heat", "cool": "Cool", "heat_cool": "Heat/Cool", "auto": "Auto", "dry": "Dry",
        "fan_only": "Fan only",
    ]

    static func choicePanel(dir: String, port: UInt16?, options: [String]?, value: Int) -> String {
        let keys =
            options.map { "options = [" + $0.map { "\"\($0)\"" }.joined(separator: ", ") + "]\n  value = \(value)" }
            ?? "entity = \"climate.ecobee\""
        return """
            \(BoundPanel.header(dir: dir, port: port, size: "480x120"))
            [[screens]]
            id = "main"
              [[screens.controls]]
              kind = "choice"
              id = "hvac"
              frame = [10, 20, 460, 64]
              \(keys)
            """
    }

    @Test("A choice on a climate's hvac_mode shows HA's names of the modes (frontend/get_translations)")
    func hvacModeNames() throws {
        let server = try HAServer.shared()
        let binary = try #require(BoundPanel.binary(), "the thumbwheel binary beside the tests")
        let h = try Harness.live(server, entities: ["climate.ecobee"])
        let state = try #require(h.client.entities["climate.ecobee"])
        let modes = try #require(state[attribute: "hvac_modes"]?.arrayValue?.compactMap { $0.stringValue })
        let index = try #require(modes.firstIndex(of: state.state))
        let panel = try BoundPanel(server: server) { Self.choicePanel(dir: $0, port: $1, options: nil, value: 0) }
        #expect(eventually { panel.stats?["state"] == .string("live") }, "log: \(panel.log)")
        // The same choice unbound, with HA's names as its options: what the bound one must look like.
        let file = panel.dir + "/named.toml"
        let named = modes.map { Self.hvacNames[$0] ?? $0 }
        try FileIO.writeAtomically(
            Array(Self.choicePanel(dir: panel.dir, port: nil, options: named, value: index).utf8), to: file)
        let run = try #require(runTool(binary, ["render", "--config", file, "--out", panel.dir + "/named.png"]))
        #expect(run.status == 0, "\(run.err)")
        let expected = try PNGImage.decode(try #require(FileIO.read(panel.dir + "/named.png")))
        var last: Bitmap?
        let same = eventually {
            guard let shot = panel.screenshot() else { return false }
            last = shot
            return Self.differing(shot, expected, in: [0, 0, 480, 120]) == 0
        }
        if let last { try? FileIO.writeAtomically(try PNGImage.encode(last), to: panel.dir + "/bound.png") }
        #expect(same, "the bound choice shows \(named); pictures in \(panel.dir); log: \(panel.log)")
    }
}
