import Glibc
import Testing
import TestSupport
@testable import ConfigLoading
@testable import Formats
@testable import Platform

/// Issue 43, item 7: locks and alarm panels in the kind × domain mapping, a refusal that says what fits
/// the entity, and `confirm`/`confirm_pin` checked at load.
@Suite("Home Assistant: locks, alarm panels, confirm and PINs in the config")
struct LockConfirmConfigTests {
    typealias T = HomeAssistantConfigTests

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch {
            return error.errors.map(\.description)
        }
    }

    @Test("A toggle binds a lock, a choice an alarm panel, a dial a light's color_temp_kelvin")
    func rows() throws {
        for (kind, entity, use) in [
            ("kind = \"toggle\"", "lock.front_door", EntityUse.onOff),
            ("kind = \"choice\"\n  options = [\"disarmed\", \"armed_away\"]", "alarm_control_panel.home", .select),
            ("kind = \"circular-slider\"\n  attribute = \"color_temp_kelvin\"", "light.ceiling", .number),
        ] {
            let c = try ConfigLoader.parse(
                text: T.section + T.screen("  \(kind)\n  entity = \"\(entity)\"\n"), file: "c.toml")
            #expect(c.homeAssistant?.elements.first?.use == use, "\(kind) on \(entity)")
        }
    }

    @Test("A kind that does not fit is refused with the kinds that fit the entity's domain")
    func saysWhatFits() {
        let choice = errors(
            T.section + T.screen("  kind = \"choice\"\n  options = [\"a\"]\n  entity = \"lock.front\"\n"))
        #expect(choice.first?.contains("found the lock \"lock.front\"; a lock fits a toggle;") == true, "\(choice)")
        let toggle = errors(T.section + T.screen("  kind = \"toggle\"\n  entity = \"alarm_control_panel.home\"\n"))
        #expect(
            toggle.first?.contains("an alarm_control_panel fits a choice, spinner or dropdown") == true, "\(toggle)")
    }

    @Test("confirm and confirm_pin: digits only, only on elements that change, a readable file warned of")
    func confirmKeys() throws {
        let pin = errors(T.screen("  kind = \"toggle\"\n  confirm = \"Sure?\"\n  confirm_pin = \"12a4\"\n"))
        #expect(pin.first?.contains("confirm_pin: expected 1 to 12 digits") == true, "\(pin)")
        #expect(pin.first?.contains("12a4") == false, "a PIN is never quoted")
        let label = errors(T.screen("  kind = \"label\"\n  text = \"x\"\n  confirm = \"Sure?\"\n"))
        #expect(label.first?.contains("confirm: expected only on an element a finger changes or presses") == true)
        #expect(errors(T.screen("  kind = \"toggle\"\n  confirm = \"Unlock?\"\n")).isEmpty)
        // A PIN in a file every user reads: a warning at the key; a private file: none.
        let dir = makeTemporaryDirectory("pin-config")
        let text = T.screen("  kind = \"toggle\"\n  confirm_pin = \"2468\"\n")
        try FileIO.writeAtomically(Array(text.utf8), to: dir + "/open.toml", mode: 0o644)
        try FileIO.writeAtomically(Array(text.utf8), to: dir + "/private.toml", mode: 0o640)
        let open = try ConfigLoader.load(path: dir + "/open.toml")
        #expect(
            open.warnings.contains {
                $0.description.contains("confirm_pin: expected the config holding a PIN to be private")
            })
        let closed = try ConfigLoader.load(path: dir + "/private.toml")
        #expect(!closed.warnings.contains { $0.description.contains("confirm_pin") })
    }
}
