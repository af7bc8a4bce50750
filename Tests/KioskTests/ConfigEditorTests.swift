import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

@Suite("Writing settings back into a config file")
struct ConfigEditorTests {
    @Test("An existing key is replaced in place, comments and indentation kept")
    func replace() throws {
        let text =
            "# panel\n[input]\n  calibration = [1, 0, 0, 0, 1, 0]  # old\ngrab = true\n\n[[screens]]\nid = \"a\"\n"
        let out = ConfigEditor.setting("calibration", to: "[2.0]", inSection: "input", of: text)
        #expect(out == "# panel\n[input]\n  calibration = [2.0]\ngrab = true\n\n[[screens]]\nid = \"a\"\n")
    }

    @Test("A missing key is added at the end of its section; a missing section at the top")
    func insert() throws {
        let text = "[input]\ngrab = true\n\n[[screens]]\nid = \"a\"\n"
        #expect(
            ConfigEditor.setting("rotation", to: "90", inSection: "input", of: text)
                == "[input]\ngrab = true\nrotation = 90\n\n[[screens]]\nid = \"a\"\n")
        let bare = "[[screens]]\nid = \"a\"\n"
        let added = ConfigEditor.setting(
            "calibration", to: ConfigEditor.array([1, 0, 0.5, 0, 1, 0]), inSection: "input", of: bare)
        #expect(added == "[input]\ncalibration = [1.0, 0.0, 0.5, 0.0, 1.0, 0.0]\n\n[[screens]]\nid = \"a\"\n")
        // The result still loads, with the matrix in place.
        let config = try ConfigLoader.parse(text: added, file: "x.toml")
        #expect(config.input.calibration == [1, 0, 0.5, 0, 1, 0])
    }
}
