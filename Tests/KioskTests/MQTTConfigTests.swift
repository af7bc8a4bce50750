import Controls
import Glibc
import Testing
@testable import Kiosk

/// `[mqtt]` in the config and the payloads a `set` topic accepts.
@Suite("MQTT config and payloads")
struct MQTTConfigTests {
    static let screens = "\n[[screens]]\nid = \"main\"\n"

    func errors(_ text: String) -> [String] {
        do { _ = try ConfigLoader.parse(text: text, file: "c.toml"); return [] } catch { return error.errors.map(\.description) }
    }

    @Test("No section, no MQTT; defaults name the device")
    func defaults() throws {
        #expect(try ConfigLoader.parse(text: MQTTConfigTests.screens, file: "c.toml").mqtt == nil)
        let m = try #require(try ConfigLoader.parse(text: "[mqtt]\nhost = \"broker\"\n" + MQTTConfigTests.screens, file: "c.toml").mqtt)
        #expect(m.host == "broker" && m.port == 1883 && m.keepalive == 30 && m.qos == 1 && m.password == nil)
        #expect(m.baseTopic == "thumbwheel/" + MQTTConfig.hostname && m.clientID == "thumbwheel-" + MQTTConfig.hostname)
    }

    @Test("Located errors: a wildcard base topic, out-of-range numbers, no host, an unreadable password file")
    func locatedErrors() {
        #expect(errors("[mqtt]\nhost = \"b\"\nbase_topic = \"a/+/b\"\n" + MQTTConfigTests.screens)
            == ["c.toml:3:1: mqtt.base_topic: expected a topic without \"+\", \"#\" or a trailing \"/\", found \"a/+/b\""])
        #expect(errors("[mqtt]\nhost = \"b\"\nbase_topic = \"a/#\"\n" + MQTTConfigTests.screens).count == 1)
        #expect(errors("[mqtt]\nhost = \"b\"\nport = 0\n" + MQTTConfigTests.screens).first?.contains("mqtt.port: expected a whole number from 1 to 65535, found") == true)
        #expect(errors("[mqtt]\nhost = \"b\"\nkeepalive = 2\n" + MQTTConfigTests.screens).first?.contains("mqtt.keepalive") == true)
        #expect(errors("[mqtt]\nhost = \"b\"\nqos = 3\n" + MQTTConfigTests.screens).first?.contains("mqtt.qos") == true)
        #expect(errors("[mqtt]\nport = 1883\n" + MQTTConfigTests.screens).first?.contains("host") == true)
        #expect(errors("[mqtt]\nhost = \"b\"\npassword_file = \"/nonexistent/pw\"\n" + MQTTConfigTests.screens).first?
            .hasPrefix("c.toml:3:1: mqtt.password_file: expected a readable file, found \"/nonexistent/pw\"") == true)
    }

    @Test("The password is the file's first line")
    func passwordFile() throws {
        let dir = makeTemporaryDirectory("mqtt-pw")
        try FileIO.writeAtomically(Array("s3cret\n".utf8), to: dir + "/pw")
        let m = try ConfigLoader.parse(text: "[mqtt]\nhost = \"b\"\nusername = \"u\"\npassword_file = \"pw\"\n" + MQTTConfigTests.screens,
                                       file: dir + "/c.toml").mqtt
        #expect(m?.password == "s3cret" && m?.username == "u")
    }

    @Test("Payloads: numbers and pairs in, everything else refused; values out as the state file has them")
    func payloads() {
        #expect(MQTTBridge.value(of: Array("60".utf8)) == .single(60))
        #expect(MQTTBridge.value(of: Array(" -2.5\n".utf8)) == .single(-2.5))
        #expect(MQTTBridge.value(of: Array("[10, 20]".utf8)) == .pair(10, 20))
        for bad in ["abc", "NaN", "", "[1]", "[1,2,3]", "\"5\"", String(repeating: " ", count: 1100) + "1"] {
            #expect(MQTTBridge.value(of: Array(bad.utf8)) == nil, "\(bad.prefix(20)) must be refused")
        }
        #expect(MQTTBridge.payload(.single(21.5)) == "21.5" && MQTTBridge.payload(.single(60)) == "60")
        #expect(MQTTBridge.payload(.pair(8, 18)) == "[8,18]")
    }
}
