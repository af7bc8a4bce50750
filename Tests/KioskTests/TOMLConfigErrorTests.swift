import Testing
@testable import ConfigLoading
@testable import Kiosk
@testable import MQTTAdapter
@testable import SocketAdapter

/// The TOML parser's errors and positions as the config loader reports them.
@Suite("TOML errors and positions in config errors")
struct TOMLConfigErrorTests {
    @Test("A syntax error reaches the config error with its location and the TOML syntax prefix")
    func configError() {
        #expect(
            errors("[display]\nsize = \"800x480\nx = 1\n")
                == [#"bad.toml:2:8: TOML syntax: unterminated string: expected a closing " before the end of the line"#]
        )
    }

    @Test("A validation error inside a multi-line array points at the key itself")
    func multilineArrayLocation() {
        let text =
            "[[screens]]\nid = \"a\"\n  [[screens.controls]]\n  kind = \"spinner\"\n  id = \"s\"\n  frame = [0, 0, 1, 1]\n"
            + "  items = [\n    { icon = \"builtin:sun\" },\n    { icon = 3 },\n  ]\n"
        #expect(
            errors(text) == [
                "bad.toml:9:7: screens[id=a].controls[id=s].items[1].icon: expected a string, found the integer 3"
            ])
    }
}
