import Foundation
import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter
import Widgets

/// `marker_path` is checked as the dial reads it: SVG path data, strictly (issue 37, item 6).
@Suite("Config: marker_path")
struct MarkerPathConfigTests {
    static let expected =
        "expected SVG path data of the commands M, L, H, V, C, S, Q, T and Z (lower case: relative), found "

    static let cases: [(String, String)] = [
        ("M 0 0 L nan nan", "\"nan\" at character 9 where a number belongs"),
        ("M 0 0 A 4 4 0 0 1 8 0 Z", "\"A\" at character 7 (arcs are not supported)"),
        ("M 0 0 L 1e999 0 0 1", "\"1e999\" at character 9 (not a finite number)"),
        ("M 0 0 L 9999 0 0 1", "\"9999\" at character 9 (puts a point at x = 9999, beyond ±500 points)"),
        ("", "no commands"),
        ("M 0 0 L 4 4", "a shape that covers no area"),
    ]

    @Test("Path data the dial could not draw is a located error saying what was found where", arguments: cases)
    func refused(data: String, found: String) {
        #expect(
            errors(minimalScreenConfig + "  marker_path = \"\(data)\"\n")
                == ["bad.toml:8:3: screens[id=main].controls[id=dial].marker_path: " + Self.expected + found])
    }

    @Test("Every circular kind checks it; good path data loads")
    func everyKind() {
        for kind in ["circular-slider", "range-slider", "gradient-slider"] {
            let text = minimalScreenConfig.replacingOccurrences(of: "circular-slider", with: kind)
            #expect(errors(text + "  marker_count = 4\n  marker_path = \"M 0 -5 L 4 4 H -4 Z\"\n") == [], "\(kind)")
            #expect(errors(text + "  marker_path = \"M 0 0 L nan nan\"\n").count == 1, "\(kind)")
        }
    }

    @Test("Many markers of a shape with many corners are refused: each is filled whenever the dial is drawn")
    func cornerBudget() {
        // 99 quadratic curves of 15 lines each and the start: 1,486 corners; 134 markers fit the budget, 135 do not.
        let wavy = "M -100 0" + String(repeating: " q 1 -8 2 0", count: 99) + " Z"
        #expect(errors(minimalScreenConfig + "  marker_count = 134\n  marker_path = \"\(wavy)\"\n") == [])
        #expect(
            errors(minimalScreenConfig + "  marker_count = 135\n  marker_path = \"\(wavy)\"\n")
                == [
                    "bad.toml:9:3: screens[id=main].controls[id=dial].marker_path: expected at most 200000 corners over all markers (marker_count × the shape's, curves counted as the lines they become), found 135 × 1486"
                ])
    }
}
