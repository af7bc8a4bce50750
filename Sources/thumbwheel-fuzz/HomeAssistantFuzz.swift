import ConfigLoading
import Controls
import Core
import HomeAssistantAdapter

/// Home Assistant's messages → element values (`EntityFeed`): each line of the input is one text
/// message from HA (the first a snapshot), fed through the entity cache and the adapter's links into
/// a panel of every value-holding kind bound to every domain it fits. Every value set must be finite.
enum HomeAssistantFuzz {
    static let config = """
        [display]
        backend = "headless"
        size = "800x480"
        [homeassistant]
        url = "ws://127.0.0.1:1"
        token_file = "/nonexistent/token"
        [[variables]]
        id = "outside"
        type = "number"
        entity = "sensor.f"
        [[variables]]
        id = "title"
        type = "text"
        entity = "media_player.f"
        attribute = "media_title"
        [[screens]]
        id = "main"
        \(elements)
        """

    /// (kind, entity, extra keys) of each bound element.
    static let bound: [(String, String, String)] = [
        ("circular-slider", "climate.f", ""), ("circular-slider", "input_number.f", ""),
        ("circular-slider", "number.f", "min = 0\nmax = 10"), ("value-slider", "light.f", ""),
        ("value-slider", "media_player.f", ""), ("value-slider", "cover.f", ""), ("value-slider", "fan.f", ""),
        ("range-slider", "climate.f", ""), ("toggle", "light.f", ""), ("toggle", "cover.f", ""),
        ("choice", "input_select.f", ""), ("dropdown", "climate.f", "attribute = \"hvac_mode\""),
        ("spinner", "select.f", ""), ("color-wheel", "light.f", ""), ("button", "scene.f", "text = \"Go\""),
    ]

    static var elements: String {
        bound.enumerated().map { i, e in
            let extra = e.2.split(separator: "\n").map { "  \($0)\n" }.joined()
            return
                "  [[screens.controls]]\n  kind = \"\(e.0)\"\n  id = \"e\(i)\"\n  frame = [\(i % 4 * 200), \(i / 4 * 120), 180, 110]\n  entity = \"\(e.1)\"\n\(extra)"
        }.joined()
    }

    nonisolated(unsafe) static let parsed: KioskConfig? = try? ConfigLoader.parse(text: config, file: "fuzz-ha.toml")

    static func run(_ bytes: [UInt8]) {
        guard let parsed else { preconditionFailure("the fuzz panel's config does not load") }
        guard let feed = EntityFeed(config: parsed) else {
            preconditionFailure("the fuzz panel has no [homeassistant]")
        }
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: true) { feed.feed(Array(line)) }
        for (id, value) in feed.values {
            switch value {
            case .single(let d): precondition(d.isFinite, "\(id) set to \(d)")
            case .pair(let a, let b): precondition(a.isFinite && b.isFinite, "\(id) set to \(a), \(b)")
            default: break
            }
        }
        precondition(feed.entitiesKept <= 16, "\(feed.entitiesKept) entities kept")
    }
}
